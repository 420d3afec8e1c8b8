import { and, eq, inArray, ne } from "drizzle-orm";
import { REVIEW_IMAGE_MAX_PX } from "@shared/constants.js";
import { orderNumber } from "@shared/rules/labels.js";
import { normalizePhone, phonesMatch } from "@shared/rules/phone.js";
import { itemLineKey, lineKeyOf, returnWindowEnds } from "@shared/rules/returns.js";
import { isOnSale } from "@shared/catalogue/handles.js";
import { chosenValues, itemLabel } from "@shared/catalogue/variants.js";
import type { CustomerReturn, ReturnItem, returnRequestInput } from "@shared/schemas/returns.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { orderItems, orders, productStock, returnRequests, type ReturnItemRow } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { processUploads, saveImages, type Upload } from "../images/index.js";
import { resolveOrderRef } from "../order-core/index.js";
import { catalogueNow, checkChoice, loadChoiceProducts } from "../catalogue/index.js";
import { toCustomerReturn } from "./return-serialize.js";

type Input = z.output<typeof returnRequestInput>;

const fold = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
const lineKey = lineKeyOf;
/** "Lawn suit (Stitched, M, Red)": the line with its variant's values, or its size and colour. */
const describe = (l: { productName: string; size: string; color: string; options?: Record<string, string> | null }) => {
  const values = chosenValues(l);
  return `${l.productName}${values ? ` (${values})` : ""}`;
};

type OrderLine = {
  productId: number;
  productName: string;
  size: string;
  color: string;
  variantId: number | null;
  options: Record<string, string> | null;
  quantity: number;
  price: string;
};

/**
 * The order's line a request item names: by its variant, or (an older client) by its size and
 * colour when those name one line; lines of one variant are one line, their quantities summed.
 */
function lineNamed(lines: OrderLine[], ordered: Map<string, OrderLine>, i: Input["items"][number]): OrderLine {
  const sameSizeAndColor = (l: OrderLine) =>
    l.productId === i.productId && fold(l.size) === fold(i.size) && fold(l.color) === fold(i.color);
  const named = i.variantId
    ? lines.filter((l) => l.productId === i.productId && l.variantId === i.variantId)
    : lines.filter(sameSizeAndColor);
  const keys = [...new Set(named.map(lineKey))];
  if (keys.length === 0)
    throw new AppError("CONFLICT", `${describe({ productName: "An item", ...i })} is not in this order`);
  if (keys.length > 1) {
    const which = keys.map((k) => describe(ordered.get(k)!)).join(" and ");
    throw new AppError("VALIDATION", `This order has ${which}; choose which one to return or exchange`, {
      items: "Choose the item from your order",
    });
  }
  return ordered.get(keys[0])!;
}

/**
 * The order a customer may ask a return or exchange of: theirs (the phone proves it), delivered,
 * within 7 days of delivery. Checked before a request's photos are read; requestReturn takes
 * the order it answers.
 */
export type ReturnableOrder = Awaited<ReturnType<typeof checkReturnRight>>;

export async function checkReturnRight(db: Db, input: Pick<Input, "orderId" | "phone">, now: Date) {
  const byId = async (id: string) => {
    const [row] = await db
      .select({
        id: orders.id,
        status: orders.status,
        customerPhone: orders.customerPhone,
        deliveredAt: orders.deliveredAt,
      })
      .from(orders)
      .where(eq(orders.id, id));
    return row;
  };
  let order = await byId(input.orderId.toLowerCase());
  // A card found by phone number alone names its order by reference, and must not learn its number.
  const byRef = !order;
  if (!order) {
    const id = await resolveOrderRef(db, input.orderId, input.phone);
    if (id) order = await byId(id);
  }
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  if (!(normalizePhone(input.phone).length >= 10 && phonesMatch(input.phone, order.customerPhone)))
    throw new AppError("FORBIDDEN", "This order does not belong to that phone number");
  const named = byRef ? "this order" : `#${orderNumber(order.id)}`;
  if (order.status !== "delivered" || !order.deliveredAt)
    throw new AppError("CONFLICT", `Only delivered orders can be returned or exchanged; ${named} is ${order.status}`);
  const closes = returnWindowEnds(order.deliveredAt);
  if (now.getTime() > closes.getTime())
    throw new AppError(
      "CONFLICT",
      `The 7-day return window for ${named} closed on ${closes.toISOString().slice(0, 10)}; message us on WhatsApp if something is wrong with your order`,
    );
  return order;
}

/**
 * A customer asks to return or exchange items of their delivered order, within 7 days of
 * delivery, proving the phone number. Items already asked for (in a request not refused) cannot be
 * asked for again; the order row is locked while checking, so two requests at once cannot both pass.
 */
export async function requestReturn(
  db: Db,
  order: ReturnableOrder,
  input: Input,
  photos: Upload[],
): Promise<CustomerReturn> {
  const lines = await db
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      size: orderItems.size,
      color: orderItems.color,
      variantId: orderItems.variantId,
      options: orderItems.options,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const ordered = new Map<string, OrderLine>();
  for (const l of lines) {
    const known = ordered.get(lineKey(l));
    ordered.set(lineKey(l), { ...l, quantity: (known?.quantity ?? 0) + l.quantity });
  }
  const items: ReturnItem[] = input.items.map((i) => {
    // The item as the order sold it: its variant, size, colour and options (what keys it).
    const line = lineNamed(lines, ordered, i);
    return {
      ...i,
      size: line.size,
      color: line.color,
      ...(line.variantId ? { variantId: line.variantId } : {}),
      ...(line.options && Object.keys(line.options).length > 0 ? { options: line.options } : {}),
      productName: line.productName,
      price: Number(line.price),
    };
  });
  if (input.type === "exchange") await checkExchangeChoices(db, items);
  // Decoded before the transaction: seconds of image work must not hold the order's lock (or, on
  // PGlite, the only connection).
  const processed = await processUploads(photos, REVIEW_IMAGE_MAX_PX);

  const row = await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for("update");
    const earlier = await tx
      .select({ items: returnRequests.items })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, order.id), ne(returnRequests.status, "rejected")));
    const asked = new Map<string, number>();
    for (const r of earlier)
      for (const i of r.items) {
        const key = itemLineKey(i, lines);
        asked.set(key, (asked.get(key) ?? 0) + i.quantity);
      }
    for (const i of items) asked.set(lineKey(i), (asked.get(lineKey(i)) ?? 0) + i.quantity);
    for (const i of items) {
      const line = ordered.get(lineKey(i))!;
      const total = asked.get(lineKey(i))!;
      if (total > line.quantity)
        throw new AppError(
          "CONFLICT",
          total - i.quantity >= line.quantity
            ? `${describe(line)} was already asked for in an earlier request`
            : `You ordered ${line.quantity} of ${describe(line)}; at most ${line.quantity - (total - i.quantity)} more can be asked for`,
        );
    }
    // Stored only once every rule passed, in the same transaction: a refused request stores nothing.
    const stored = await saveImages(tx, processed, { private: true });
    const [inserted] = await tx
      .insert(returnRequests)
      .values({
        orderId: order.id,
        type: input.type,
        reason: input.reason,
        note: input.note,
        items: items.map(toStoredItem),
        photos: stored.map((p) => p.id),
      })
      .returning();
    return inserted;
  });
  return toCustomerReturn(row, new Map(items.map((i) => [lineKey(i), i])), null);
}

function toStoredItem(i: ReturnItem): ReturnItemRow {
  return {
    productId: i.productId,
    size: i.size,
    color: i.color,
    ...(i.variantId ? { variantId: i.variantId } : {}),
    ...(i.options ? { options: i.options } : {}),
    quantity: i.quantity,
    ...(i.exchangeSize ? { exchangeSize: i.exchangeSize } : {}),
    ...(i.exchangeColor ? { exchangeColor: i.exchangeColor } : {}),
    ...(i.exchangeVariantId ? { exchangeVariantId: i.exchangeVariantId, exchangeOptions: i.exchangeOptions } : {}),
  };
}

/**
 * An exchange names what to send instead: a variant of the same product on sale and not sold out
 * (`exchangeVariantId`), or, from an older client, a size or colour the product is still offered in.
 * A variant's size and colour are recorded with it, so every reader of the request sees them.
 */
async function checkExchangeChoices(db: Db, items: ReturnItem[]) {
  const found = await loadChoiceProducts(
    db,
    items.map((i) => i.productId),
  );
  const wanted = items.flatMap((i) => (i.exchangeVariantId ? [i.exchangeVariantId] : []));
  const counted = wanted.length
    ? await db
        .select({ variantId: productStock.variantId, quantity: productStock.quantity })
        .from(productStock)
        .where(inArray(productStock.variantId, wanted))
    : [];
  const now = catalogueNow(db);
  for (const i of items) {
    if (!i.exchangeVariantId && !i.exchangeSize && !i.exchangeColor)
      throw new AppError("VALIDATION", `Choose what you want instead of ${describe(i)}`, {
        items: "Choose what to exchange for",
      });
    const product = found.get(i.productId);
    if (!product || !isOnSale(product, now))
      throw new AppError("CONFLICT", `${i.productName} is no longer sold; ask for a return instead`);
    if (i.exchangeVariantId) {
      const variant = product.variants.find((v) => v.id === i.exchangeVariantId);
      if (!variant)
        throw new AppError(
          "CONFLICT",
          `${i.productName} is not sold in the choice made for ${describe(i)}; choose one of its options on sale`,
        );
      const order = product.options.map((o) => o.name);
      const units = counted.find((c) => c.variantId === variant.id)?.quantity ?? 0;
      if (!checkChoice(product, "", "", variant.id, now).ok || (product.trackStock && units <= 0))
        throw new AppError(
          "CONFLICT",
          `${itemLabel(product.name, variant.options, order)} is sold out; choose another or ask for a return`,
        );
      i.exchangeOptions = variant.options;
      i.exchangeSize = variant.size || undefined;
      i.exchangeColor = variant.color || undefined;
      continue;
    }
    if (i.exchangeSize && !product.sizes.some((s) => fold(s) === fold(i.exchangeSize!)))
      throw new AppError("CONFLICT", `${i.productName} is not offered in size ${i.exchangeSize}`);
    if (i.exchangeColor && !product.colors.some((c) => fold(c) === fold(i.exchangeColor!)))
      throw new AppError("CONFLICT", `${i.productName} is not offered in ${i.exchangeColor}`);
  }
}
