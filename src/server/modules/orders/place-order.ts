import { eq } from "drizzle-orm";
import { toMoneyString } from "@shared/rules/money.js";
import { phoneKey } from "@shared/rules/phone.js";
import type { PlacedOrder, placeOrderInput } from "@shared/schemas/orders.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { orderItems, orders, orderStatusEvents } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { checkChoice, loadChoiceProducts, resolveSelectedImage } from "../cart/product-choice.js";
import { loadItems, orderColumns, toPlacedOrder } from "./order-serialise.js";

/** Totals are stored as numeric(12, 2): beyond this the insert itself would fail. */
const MAX_TOTAL_PAISA = 999_999_999_999;

type PlaceOrderData = z.output<typeof placeOrderInput>;

interface PricedItem {
  productId: number;
  productName: string;
  category: string;
  quantity: number;
  size: string;
  color: string;
  price: string;
  selectedImage: string | null;
}

/**
 * Prices every item from the catalogue (client amounts are ignored) and refuses with 409, naming
 * the item, anything that can no longer be bought as chosen.
 */
async function priceItems(
  db: Db,
  items: PlaceOrderData["items"],
): Promise<{ priced: PricedItem[]; subtotalPaisa: number }> {
  const catalogue = await loadChoiceProducts(
    db,
    items.map((i) => i.productId),
  );
  const priced: PricedItem[] = [];
  let subtotalPaisa = 0;
  for (const item of items) {
    const product = catalogue.get(item.productId);
    if (!product) {
      const label = item.productName?.trim()
        ? `"${item.productName.trim().slice(0, 100)}"`
        : `Product #${item.productId}`;
      throw new AppError("CONFLICT", `${label} is no longer available; please remove it from your order`);
    }
    const choice = checkChoice(product, item.size, item.color);
    if (!choice.ok) {
      const { message } = choice.problem;
      throw new AppError("CONFLICT", message.includes(product.name) ? message : `${product.name}: ${message}`);
    }
    // Whole paisa, so no floating-point drift across many lines.
    subtotalPaisa += Math.round(Number(product.price) * 100) * item.quantity;
    priced.push({
      productId: product.id,
      productName: product.name,
      category: product.category,
      quantity: item.quantity,
      size: choice.size,
      color: choice.color,
      price: product.price,
      selectedImage: await resolveSelectedImage(db, product, choice.color, item.selectedImage),
    });
  }
  if (subtotalPaisa > MAX_TOTAL_PAISA) {
    throw new AppError("CONFLICT", "This order is too large to place at once; please split it into smaller orders");
  }
  return { priced, subtotalPaisa };
}

async function readPlacedOrder(db: Db, where: ReturnType<typeof eq>): Promise<PlacedOrder | null> {
  const [row] = await db.select(orderColumns).from(orders).where(where);
  if (!row) return null;
  const items = await loadItems(db, [row.id]);
  return toPlacedOrder(row, items.get(row.id) ?? []);
}

/**
 * The order an earlier request with this key placed. A key only replays an order for the same
 * phone number, so a leaked or guessed key never shows someone else's order.
 */
async function replayed(db: Db, key: string, phone: string): Promise<PlacedOrder | null> {
  const order = await readPlacedOrder(db, eq(orders.idempotencyKey, key));
  if (order && phoneKey(order.customerPhone) !== phoneKey(phone)) {
    throw new AppError("CONFLICT", "This Idempotency-Key was already used for a different order; send a new key");
  }
  return order;
}

/**
 * Places an order in one transaction: the order, its items and its first status event, or none
 * of them. With an idempotency key, a retry (even a simultaneous one) finds the first order:
 * the unique key makes the second insert a no-op, and the caller is given the stored order.
 * `beforeCreate` runs once it is known that no earlier order is replayed (a throttle that may
 * throw), so a retry is answered even when new orders are refused.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderData,
  idempotencyKey: string | undefined,
  beforeCreate?: () => void,
): Promise<{ order: PlacedOrder; created: boolean }> {
  if (idempotencyKey) {
    const existing = await replayed(db, idempotencyKey, input.customerPhone);
    if (existing) return { order: existing, created: false };
  }
  beforeCreate?.();

  const newId = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const { priced, subtotalPaisa } = await priceItems(txDb, input.items);
    const subtotal = toMoneyString(subtotalPaisa / 100);
    const [inserted] = await tx
      .insert(orders)
      .values({
        status: "pending",
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        phoneKey: phoneKey(input.customerPhone),
        customerEmail: input.customerEmail,
        shippingAddress: input.shippingAddress,
        city: input.city,
        postalCode: input.postalCode,
        specialInstructions: input.specialInstructions,
        subtotal,
        tax: "0",
        total: subtotal,
        paymentMethod: input.paymentMethod,
        sessionId: input.sessionId?.toLowerCase() ?? null,
        idempotencyKey: idempotencyKey ?? null,
      })
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning({ id: orders.id });
    if (!inserted) return null; // the same key won a race; nothing of ours was written
    await tx.insert(orderItems).values(priced.map((p) => ({ ...p, orderId: inserted.id })));
    await tx.insert(orderStatusEvents).values({ orderId: inserted.id, status: "pending", actor: "customer" });
    return inserted.id;
  });

  if (newId) {
    const order = await readPlacedOrder(db, eq(orders.id, newId));
    return { order: order!, created: true };
  }
  const existing = await replayed(db, idempotencyKey!, input.customerPhone);
  if (!existing) throw new AppError("CONFLICT", "This order is still being placed; please try again in a moment");
  return { order: existing, created: false };
}
