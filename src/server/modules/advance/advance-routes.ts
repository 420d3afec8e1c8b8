import type { FastifyInstance } from "fastify";
import { advanceDecisionInput, paymentProofFields } from "@shared/schemas/advance.js";
import { phoneKey } from "@shared/rules/phone.js";
import { AppError } from "../../lib/app-error.js";
import { filesOf, readMultipart } from "../../lib/multipart.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { actorOf } from "../audit/index.js";
import { orderIdParam } from "../order-core/index.js";
import { decideAdvance, shopperOrder, submitProof } from "./advance-service.js";
import { advanceOverview } from "./advance-overview.js";
import { payLinkInput } from "@shared/schemas/advance.js";
import { advanceStillOwed } from "../pricing/index.js";
import { orders } from "../../db/schema.js";
import { eq } from "drizzle-orm";
import {
  notificationData,
  paymentOf,
  safepayCheckoutUrl,
  signatureHolds,
  startSafepayPayment,
} from "./safepay-client.js";
import { recordGatewayPayment } from "./advance-service.js";

const advanceRow = {
  advanceAmount: orders.advanceAmount,
  advancePaid: orders.advancePaid,
  advanceStatus: orders.advanceStatus,
};

/** Advance payments (decision 027): the shopper's proof, the agent's decision, the shipping gate. */
export async function advanceRoutes(app: FastifyInstance): Promise<void> {
  // A proof stores a photo: a few per number, more per network (many shoppers share a NAT address).
  const perPhone = new Throttle(5, 60 * 60_000, "payment proofs for this phone number", app.throttleStore);
  const perIp = new Throttle(60, 60 * 60_000, "payment proofs from your network", app.throttleStore);

  app.post("/api/orders/:id/payment-proof", { config: { access: "public", upload: true } }, async (request, reply) => {
    const given = orderIdParam(request.params);
    let checked: { id: string; fields: ReturnType<typeof paymentProofFields.parse> } | undefined;
    // The phone and the order are checked before the image is read: another number stores nothing.
    const check = async (raw: Record<string, string>) => {
      const fields = parse(paymentProofFields, raw);
      await perIp.take(networkKey(request.ip));
      await perPhone.take(phoneKey(fields.phone));
      checked = { id: await shopperOrder(app.db, given, fields.phone), fields };
    };
    const form = await readMultipart(request, { limits: { files: 1, fields: 3, parts: 4 }, beforeFiles: check });
    const [image] = filesOf(form, "image", 1);
    if (!image) throw new AppError("VALIDATION", "Attach a photo or screenshot of the payment, in the 'image' field");
    const { id, fields } = checked!;
    reply.status(201);
    return submitProof(app.orderCore, id, { method: fields.method, reference: fields.reference }, image);
  });

  app.patch("/api/admin/orders/:id/advance", { config: { access: "agent", auditsItself: true } }, async (request) =>
    decideAdvance(app.orderCore, orderIdParam(request.params), parse(advanceDecisionInput, request.body), {
      username: actorOf(request),
      role: request.admin?.role ?? "agent",
    }),
  );

  // Safepay is off until its settings are given: both routes then answer 404 and say so.
  const gateway = () => {
    if (!app.config.safepay)
      throw new AppError("NOT_FOUND", "Online payment is not connected; send the advance to one of the accounts shown");
    return app.config.safepay;
  };
  {
    // A pay link for the amount still owed, for the order's own phone (as the proof).
    app.post("/api/orders/:id/pay-link", { config: { access: "public" } }, async (request) => {
      const safepay = gateway();
      const { phone } = parse(payLinkInput, request.body);
      await perIp.take(networkKey(request.ip));
      await perPhone.take(phoneKey(phone));
      const id = await shopperOrder(app.db, orderIdParam(request.params), phone);
      const [row] = await app.db.select(advanceRow).from(orders).where(eq(orders.id, id));
      const owed = advanceStillOwed(row);
      const token = await startSafepayPayment(safepay, owed);
      const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
      return {
        url: safepayCheckoutUrl(safepay, {
          token,
          orderId: id,
          redirectUrl: `${origin}/?advance=paid`,
          cancelUrl: `${origin}/`,
        }),
      };
    });

    // Safepay's signed notification: marks the advance paid once, for the order and amount it owes.
    app.post("/api/payments/safepay/webhook", { config: { access: "public" } }, async (request, reply) => {
      const safepay = gateway();
      const data = notificationData(request.body);
      if (!data) {
        request.log.warn("Safepay notification refused: it has no data object to check the signature of");
        throw new AppError(
          "VALIDATION",
          "The notification has no data object; Safepay signs and sends the payment there",
        );
      }
      const signature = request.headers["x-sfpy-signature"];
      if (!signatureHolds(safepay.webhookSecret, data, Array.isArray(signature) ? signature[0] : signature)) {
        request.log.warn("Safepay notification refused: its signature does not match the webhook secret");
        throw new AppError("UNAUTHORIZED", "The notification's signature does not match");
      }
      const payment = paymentOf(request.body);
      if (!payment) return { received: true, recorded: false };
      const known = /^[0-9a-f-]{36}$/i.test(payment.orderId);
      const outcome = known
        ? await recordGatewayPayment(app.orderCore, {
            source: "safepay",
            orderId: payment.orderId.toLowerCase(),
            amountRs: payment.amountRs,
            reference: payment.tracker,
          })
        : "unknown order";
      if (outcome === "paid" || outcome === "replayed") return { received: true, recorded: outcome === "paid" };
      request.log.warn({ outcome, orderId: payment.orderId, tracker: payment.tracker }, "Safepay notification refused");
      reply.status(outcome === "unknown order" ? 404 : 409);
      return { error: `Not recorded: ${outcome}` };
    });
  }

  app.get("/api/admin/advances/overview", { config: { access: "agent" } }, async () =>
    advanceOverview(app.db, app.clock.now()),
  );
}
