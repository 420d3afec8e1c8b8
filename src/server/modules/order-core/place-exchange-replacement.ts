import { eq, inArray } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { itemLineKey, lineKeyOf } from "@shared/rules/returns.js";
import { variantLabel } from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { orderItems, orders, products } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { checkChoice, choiceColumns, loadVariants } from "../catalogue/index.js";
import { firstShortfall, type StockLine, lockProductStock, putBackReturnedItems } from "../stock/index.js";
import type { OrderWrite } from "./order-core.js";
import { placeReplacement } from "./place-order.js";

/** An approved exchange: the order it came from, and each item sent back with what it is exchanged for. */
export interface Exchange {
  orderId: string;
  items: {
    productId: number;
    size: string;
    color: string;
    /** The order line's variant and options, when the request recorded them (it names the line). */
    variantId?: number;
    options?: Record<string, string>;
    quantity: number;
    exchangeSize?: string | null;
    exchangeColor?: string | null;
    /** The variant asked for (decision 038); without it, the same variant in the size and colour asked for. */
    exchangeVariantId?: number | null;
  }[];
}

/** What the agent can do when the replacement cannot be sent; the request stays approved. */
const WHAT_TO_DO =
  "The exchange stays approved: restock it in Products and complete the exchange again, or reject it with a note to the customer";

const cannotSend = (why: string) => new AppError("CONFLICT", `Cannot send the replacement: ${why}. ${WHAT_TO_DO}`);

interface ReplacementLine extends StockLine {
  category: string;
  selectedImage: string | null;
  tracked: boolean;
}

/**
 * The exchanged-to items, checked as an order checks them (the product still sold, in stock, in
 * that size and colour) and spelt as the catalogue spells them. The products are locked for
 * share, so whether they count stock cannot change before the transaction ends.
 */
async function replacementLines(tx: Db, request: Exchange): Promise<ReplacementLine[]> {
  const ids = [...new Set(request.items.map((i) => i.productId))];
  const rows = await tx.select(choiceColumns).from(products).where(inArray(products.id, ids)).for("share");
  const variants = await loadVariants(tx, ids);
  const found = rows.map((r) => ({ ...r, variants: variants.get(r.id) ?? [] }));
  const ordered = await tx.select().from(orderItems).where(eq(orderItems.orderId, request.orderId));
  return request.items.map((i) => {
    const key = itemLineKey(i, ordered);
    const line = ordered.find((l) => lineKeyOf(l) === key);
    const name = line?.productName ?? `Product #${i.productId}`;
    const product = found.find((p) => p.id === i.productId);
    if (!product) throw cannotSend(`${name} is no longer sold`);
    const size = i.exchangeSize ?? i.size;
    const color = i.exchangeColor ?? i.color;
    // The variant asked for; else (an older request, or that variant dropped since) the same variant
    // in its other options (Stitched stays Stitched), in the size and colour asked for.
    const asked = i.exchangeVariantId ? product.variants.find((v) => v.id === i.exchangeVariantId) : undefined;
    const same =
      asked ??
      product.variants.find(
        (v) =>
          v.size.toLowerCase() === size.toLowerCase() &&
          v.color.toLowerCase() === color.toLowerCase() &&
          Object.entries(v.options).every(
            ([name, value]) => name === "Size" || name === "Color" || line?.options[name] === value,
          ),
      );
    const choice = checkChoice(product, size, color, same?.id);
    if (!choice.ok)
      throw cannotSend(
        choice.problem.message.includes(product.name)
          ? choice.problem.message
          : `${product.name}: ${choice.problem.message}`,
      );
    return {
      productId: product.id,
      productName: product.name,
      category: line?.category ?? product.category,
      size: choice.size,
      color: choice.color,
      variantId: choice.variant.id,
      options: choice.variant.options,
      quantity: i.quantity,
      selectedImage: line?.selectedImage ?? null,
      tracked: product.trackStock,
    };
  });
}

/**
 * The third placement workflow, after the web's and the staff's: an exchange's new parcel, in the
 * return decision's transaction (`placeReplacement` is its statement):
 * the asked-for size and colour, at no charge, ready to ship, linked to the first order. The
 * products' stock rows are locked in key order first, before their product rows (as a sale and a
 * product save take them, decision 049); when one falls short nothing is written and the agent
 * is told what to do. The items sent back then go on the shelf again (`putBackReturnedItems`).
 * Runs in the caller's transaction; answers the new order's id.
 */
export async function placeExchangeReplacement(w: OrderWrite, request: Exchange, actor: string): Promise<string> {
  const tx = w.tx;
  const [original] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
  // Every variant sent or taken back is one of these products'.
  await lockProductStock(tx, [...new Set(request.items.map((i) => i.productId))]);
  const lines = await replacementLines(tx, request);
  const stockLines: StockLine[] = lines.filter((l) => l.tracked);
  const placed = await placeReplacement(w, {
    original,
    lines,
    actor,
    specialInstructions: `Exchange for order #${orderNumber(original.id)}: collect the items being exchanged`,
  });
  if ("short" in placed) {
    const short = firstShortfall(stockLines, placed.short);
    throw cannotSend(
      short
        ? short.left === 0
          ? `${variantLabel(short.line.productName, short.line.size, short.line.color, short.line.options)} is sold out`
          : `only ${short.left} left of ${variantLabel(short.line.productName, short.line.size, short.line.color, short.line.options)} and the exchange needs ${short.wanted}`
        : "its items sold out meanwhile",
    );
  }
  if ((await putBackReturnedItems(tx, original.id, request.items)) > 0) w.touched([original.id], 0);
  return placed.id;
}
