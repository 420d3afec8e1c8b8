import { eq, sql } from "drizzle-orm";
import { toMoneyString } from "@shared/rules/money.js";
import { phoneKey } from "@shared/rules/phone.js";
import type { OrderItem, PlacedOrder, placeOrderInput } from "@shared/schemas/orders.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { isRetryableConflict } from "../../db/errors.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import {
  checkChoice,
  forgetChoiceProducts,
  rememberedChoiceProducts,
  selectedImageId,
  type VersionedProduct,
} from "../cart/product-choice.js";
import { findImageRefs } from "../images/image-service.js";
import { isoTime, loadItems, orderColumns, toPlacedOrder } from "./order-serialise.js";

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
  catalogue: Map<number, VersionedProduct>,
): Promise<{ priced: PricedItem[]; subtotalPaisa: number }> {
  const lines = items.map((item) => {
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
    return { item, product, choice, imageId: selectedImageId(product, choice.color, item.selectedImage) };
  });
  const refs = await findImageRefs(
    db,
    lines.flatMap((l) => l.imageId ?? []),
  );

  let subtotalPaisa = 0;
  const priced = lines.map(({ item, product, choice, imageId }): PricedItem => {
    // Whole paisa, so no floating-point drift across many lines.
    subtotalPaisa += Math.round(Number(product.price) * 100) * item.quantity;
    const ref = imageId ? refs.get(imageId) : undefined;
    return {
      productId: product.id,
      productName: product.name,
      category: product.category,
      quantity: item.quantity,
      size: choice.size,
      color: choice.color,
      price: product.price,
      selectedImage: ref ? JSON.stringify(ref) : null,
    };
  });
  if (subtotalPaisa > MAX_TOTAL_PAISA) {
    throw new AppError("CONFLICT", "This order is too large to place at once; please split it into smaller orders");
  }
  return { priced, subtotalPaisa };
}

type Inserted = { outcome: "placed"; order: PlacedOrder } | { outcome: "key taken" } | { outcome: "stale" };

/**
 * Inserts the order, its items and its first status event in one statement, so all of them are
 * stored or none (no transaction to open and close), and answers from the row it returned and
 * the items in hand rather than reading the order back. The same statement checks that every
 * product is still the version it was priced from, and inserts nothing when one is not.
 */
async function insertOrder(
  db: Db,
  input: PlaceOrderData,
  priced: PricedItem[],
  subtotal: string,
  idempotencyKey: string | undefined,
  catalogue: Map<number, VersionedProduct>,
): Promise<Inserted> {
  const versions = JSON.stringify([...catalogue.values()].map((p) => ({ id: p.id, version: p.version })));
  const lines = JSON.stringify(
    priced.map((p, n) => ({
      n,
      product_id: p.productId,
      product_name: p.productName,
      category: p.category,
      quantity: p.quantity,
      size: p.size,
      color: p.color,
      price: p.price,
      selected_image: p.selectedImage,
    })),
  );
  const result = await db.execute(sql`
    with fresh as (
      select count(*) = ${catalogue.size}::int as ok
      from products p join json_to_recordset(${versions}::json) as v(id int, version text)
        on p.id = v.id and p.xmin::text = v.version
    ),
    placed as (
      insert into orders (status, customer_name, customer_phone, phone_key, customer_email, shipping_address,
                          city, postal_code, special_instructions, subtotal, tax, total, payment_method,
                          session_id, idempotency_key)
      select 'pending', ${input.customerName}, ${input.customerPhone}, ${phoneKey(input.customerPhone)},
             ${input.customerEmail}, ${input.shippingAddress}, ${input.city}, ${input.postalCode},
             ${input.specialInstructions}, ${subtotal}::numeric, 0, ${subtotal}::numeric, ${input.paymentMethod},
             ${input.sessionId?.toLowerCase() ?? null}::uuid, ${idempotencyKey ?? null}
      from fresh where fresh.ok
      on conflict (idempotency_key) do nothing
      returning *
    ),
    lines as (
      insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price, selected_image)
      select placed.id, l.product_id, l.product_name, l.category, l.quantity, l.size, l.color, l.price, l.selected_image
      from placed cross join json_to_recordset(${lines}::json) as l(
        n int, product_id int, product_name text, category text, quantity int, size text, color text,
        price numeric, selected_image text)
      order by l.n
    ),
    first_event as (
      insert into order_status_events (order_id, status, actor) select id, 'pending', 'customer' from placed
    )
    select fresh.ok as fresh, id, created_at, status, customer_name, customer_phone, customer_email,
           shipping_address, city, postal_code, special_instructions, subtotal::text, tax::text, total::text,
           payment_method, session_id
    from fresh left join placed on true`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row.fresh) return { outcome: "stale" };
  if (row.id === null) return { outcome: "key taken" };
  const items: OrderItem[] = priced.map((p) => ({
    productId: p.productId,
    productName: p.productName,
    quantity: p.quantity,
    size: p.size,
    color: p.color,
    price: Number(p.price),
    selectedImage: p.selectedImage,
  }));
  const order = toPlacedOrder(
    {
      id: String(row.id),
      createdAt: isoTime(row.created_at as string | Date),
      status: String(row.status),
      customerName: String(row.customer_name),
      customerPhone: String(row.customer_phone),
      customerEmail: String(row.customer_email),
      shippingAddress: String(row.shipping_address),
      city: String(row.city),
      postalCode: String(row.postal_code),
      specialInstructions: String(row.special_instructions),
      subtotal: String(row.subtotal),
      tax: String(row.tax),
      total: String(row.total),
      paymentMethod: String(row.payment_method),
      sessionId: row.session_id === null ? null : String(row.session_id),
    },
    items,
  );
  return { outcome: "placed", order };
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

/** Tries with the products as remembered, then twice more straight from the database. */
const PRICING_ATTEMPTS = 3;

const busy = () =>
  new AppError("UNAVAILABLE", "Many orders are being placed right now; please try again in a moment", undefined, {
    "Retry-After": "1",
  });

/**
 * Places an order: prices it from the catalogue, then stores it in one statement. Products come
 * from memory when read before; the statement refuses to insert if any has changed since, and
 * the order is priced again from the database. With an idempotency key a retry (even a
 * simultaneous one) gets the first order: the unique key makes the second insert a no-op, and
 * the caller is given the stored order. The earlier order is looked up only when it may exist
 * (the key is taken, or a new order was refused), so a first attempt costs no extra query.
 * `beforeCreate` (a throttle that may throw) runs before the insert, yet a retry of an order
 * already placed is still answered.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderData,
  idempotencyKey: string | undefined,
  beforeCreate?: () => void,
): Promise<{ order: PlacedOrder; created: boolean }> {
  const ids = input.items.map((i) => i.productId);
  let keyTaken = false;
  try {
    for (let attempt = 0; attempt < PRICING_ATTEMPTS; attempt++) {
      const catalogue = await rememberedChoiceProducts(db, ids, attempt > 0);
      const { priced, subtotalPaisa } = await priceItems(db, input.items, catalogue);
      beforeCreate?.();
      const subtotal = toMoneyString(subtotalPaisa / 100);
      let inserted: Inserted;
      try {
        inserted = await insertOrder(db, input, priced, subtotal, idempotencyKey, catalogue);
      } catch (err) {
        // Rolled back whole because of a concurrent writer (two statements updating the same
        // report roll-up rows in opposite orders): nothing was stored, so it is run again.
        if (!isRetryableConflict(err)) throw err;
        if (attempt === PRICING_ATTEMPTS - 1) throw busy();
        continue;
      }
      if (inserted.outcome === "placed") return { order: inserted.order, created: true };
      if (inserted.outcome === "key taken") {
        keyTaken = true;
        break;
      }
      forgetChoiceProducts(db, ids);
    }
  } catch (err) {
    // Refused now (sold out since, or the phone's cap reached), yet perhaps placed earlier.
    if (!idempotencyKey || !(err instanceof AppError)) throw err;
    const earlier = await replayed(db, idempotencyKey, input.customerPhone);
    if (earlier) return { order: earlier, created: false };
    throw err;
  }
  if (!keyTaken)
    throw new AppError(
      "CONFLICT",
      "Prices changed while your order was being placed; please review your cart and try again",
    );
  const earlier = await replayed(db, idempotencyKey!, input.customerPhone);
  if (!earlier) throw new AppError("CONFLICT", "This order is still being placed; please try again in a moment");
  return { order: earlier, created: false };
}
