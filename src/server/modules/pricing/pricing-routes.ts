import type { FastifyInstance } from "fastify";
import { quoteInput, type Quote } from "@shared/schemas/checkout.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { optionalSessionId } from "../../lib/session-id.js";
import { amountsInRupees, priceOrder } from "./price-order.js";
import { quoteLines } from "./quote-lines.js";
import { provenQuotePhone } from "./quote-phone.js";
import { attachSaleBook, SaleBook } from "./sale-book.js";

/**
 * Quotes that check a discount code, per network and per cart session, in CODE_CHECK_WINDOW_MS: a
 * shopper tries a code or two and the checkout asks again as the city and phone change; a guesser
 * needs thousands (issue 38 L4).
 */
export const CODE_CHECKS_PER_NETWORK = 30;
export const CODE_CHECKS_PER_SESSION = 30;
export const CODE_CHECK_WINDOW_MS = 10 * 60_000;

export async function pricingRoutes(app: FastifyInstance): Promise<void> {
  attachSaleBook(app.db, new SaleBook(app.db, app.clock, app.catalogueCache));
  // Generous for a shopper whose cart and checkout ask again as the city and code change, tight
  // enough that codes cannot be guessed by the thousand.
  const perNetwork = new Throttle(600, 10 * 60_000, "price checks from your network", app.throttleStore);
  const codesPerNetwork = new Throttle(
    CODE_CHECKS_PER_NETWORK,
    CODE_CHECK_WINDOW_MS,
    "discount code checks from your network",
    app.throttleStore,
  );
  const codesPerSession = new Throttle(
    CODE_CHECKS_PER_SESSION,
    CODE_CHECK_WINDOW_MS,
    "discount code checks from this browser",
    app.throttleStore,
  );

  /** What the cart costs as placed now: the same function prices the order (decision 022). */
  app.post("/api/checkout/quote", { config: { access: "public" } }, async (request): Promise<Quote> => {
    const input = parse(quoteInput, request.body);
    await perNetwork.take(networkKey(request.ip));
    const sessionId = optionalSessionId(request);
    if (input.discountCode?.trim()) {
      await codesPerNetwork.take(networkKey(request.ip));
      if (sessionId) await codesPerSession.take(sessionId);
    }
    const lines = await quoteLines(app.db, input.items);
    const priced = await priceOrder(
      app.db,
      {
        lines,
        city: input.city,
        discountCode: input.discountCode,
        phone: await provenQuotePhone(app.db, sessionId, input.customerPhone),
        paymentMethod: "cod",
      },
      { strict: false },
    );
    return {
      ...amountsInRupees(priced.amounts),
      discountCode: priced.code,
      lines: lines.map((l, n) => ({
        productId: l.productId,
        productName: l.productName,
        quantity: l.quantity,
        size: l.size,
        color: l.color,
        variantId: l.variantId,
        options: l.options,
        price: Number(priced.unitPrices[n]),
        regularPrice: priced.sales[n] ? Number(priced.sales[n].regularPrice) : null,
      })),
    };
  });
}
