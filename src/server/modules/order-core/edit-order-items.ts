import { eq, inArray, sql } from "drizzle-orm";
import { advanceOwed, type AdvanceStatus } from "@shared/rules/advance.js";
import { orderNumber } from "@shared/rules/labels.js";
import type { EditAmounts, ItemEditOutcome, Rebooking, editOrderItemsInput } from "@shared/schemas/order-edits.js";
import type { OrderItem, placeOrderInput } from "@shared/schemas/orders.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { orderItems, orders, productVariants } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { rememberedChoiceProducts } from "../catalogue/index.js";
import { amountsAsMoney, amountsInRupees, judgedHighRisk, priceOrder, type PricedOrder } from "../pricing/index.js";
import { moveOrderStock } from "./edit-stock.js";
import { describeItems, itemChangeAudit } from "./edit-record.js";
import { orderNotFound } from "./errors.js";
import type { OrderCore } from "./order-core.js";
import { loadItems, orderColumns, type OrderRow } from "./order-serialize.js";
import { priceItems, type PricedItem } from "./place-order.js";
import type { BookedParcel, ItemEditSteps } from "./placement-steps.js";

type EditInput = z.output<typeof editOrderItemsInput>;

/** The order as an item change reads it, with what decides whether it may change. */
interface EditTarget {
  row: OrderRow & { riskLevel: string; discountId: number | null };
  items: OrderItem[];
  version: number;
  /** Its courier booking, cancelled and made again with the new cash (null: none). */
  parcel: BookedParcel | null;
}

/** The statuses whose items may change; a booked parcel not yet picked up may too (below). */
const EDITABLE = ["pending", "processing"];

/**
 * The version of an order's items: the newest item row's id. Every change writes new rows
 * (ids from a sequence never reused), so it grows with each change and a stale one is known.
 */
export async function itemsVersion(db: Db, orderId: string): Promise<number> {
  const [row] = await queryRows<{ v: unknown }>(
    db,
    sql`select coalesce(max(id), 0)::int as v from order_items where order_id = ${orderId}::uuid`,
  );
  return Number(row.v);
}

async function readTarget(db: Db, steps: ItemEditSteps, orderId: string, lock: boolean): Promise<EditTarget> {
  const query = db
    .select({ ...orderColumns, riskLevel: orders.riskLevel, discountId: orders.discountId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw orderNotFound();
  const parcel = row.status === "shipped" ? await steps.bookedParcel(db, orderId) : null;
  if (!EDITABLE.includes(row.status) && !parcel) throw notEditable(orderId, row.status);
  const items = (await loadItems(db, [orderId])).get(orderId) ?? [];
  return { row, items, version: await itemsVersion(db, orderId), parcel };
}

function notEditable(orderId: string, status: string): AppError {
  const n = `#${orderNumber(orderId)}`;
  const why =
    status === "shipped"
      ? `${n} has shipped (its tracking number was entered by hand, or the courier cannot be asked to cancel it): its items can no longer be changed. Once it is delivered, the customer may ask for an exchange`
      : status === "cancelled"
        ? `${n} is cancelled: its items cannot be changed; take a new order instead`
        : `${n} is ${status}: its items can be changed only before it ships; ask for a return or exchange instead`;
  return new AppError("CONFLICT", why);
}

/** A stale version: 409 with the order's current items, so the agent starts again from them. */
function changedMeanwhile(target: EditTarget): AppError {
  const error = new AppError(
    "CONFLICT",
    `Someone else changed the items of #${orderNumber(target.row.id)} while you were editing; they are now: ${describeItems(target.items)}. Make your change again from these`,
  );
  error.extra = { items: target.items, itemsVersion: target.version };
  return error;
}

const rupees = (value: string | undefined) => Number(value ?? 0);

function amountsOf(row: OrderRow): EditAmounts {
  const paid = rupees(row.advancePaid);
  const advance = rupees(row.advanceAmount);
  const status = (row.advanceStatus ?? "none") as AdvanceStatus;
  return {
    subtotal: rupees(row.subtotal),
    saleDiscount: rupees(row.saleDiscount),
    discount: rupees(row.discount),
    deliveryFee: rupees(row.deliveryFee),
    codFee: rupees(row.codFee),
    total: rupees(row.total),
    advance,
    advanceOwed: advanceOwed(status) ? Math.max(0, advance - paid) : 0,
    codAmount: rupees(row.codAmount),
  };
}

/** The new amounts, with the advance already paid kept (the cash to collect is total − paid). */
function amountsAfter(money: PricedOrder, row: OrderRow): EditAmounts {
  const a = amountsInRupees(money.amounts);
  const paid = rupees(row.advancePaid);
  return { ...a, advanceOwed: Math.max(0, a.advance - paid), codAmount: a.total - paid };
}

/**
 * A line naming its variant by `variantId` is read as that variant's size and colour (what the
 * catalogue's checks and stock still key on); a variant of another product, or none, is refused.
 */
async function resolveVariants(db: Db, items: EditInput["items"]): Promise<EditInput["items"]> {
  const ids = items.flatMap((i) => (i.variantId ? [i.variantId] : []));
  if (ids.length === 0) return items;
  const found = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
    })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  const byId = new Map(found.map((v) => [v.id, v]));
  return items.map((item) => {
    if (!item.variantId) return item;
    const variant = byId.get(item.variantId);
    if (!variant || variant.productId !== item.productId)
      throw new AppError(
        "CONFLICT",
        `Variant #${item.variantId} is not sold for product #${item.productId}; choose one of the product's variants`,
      );
    return { ...item, size: variant.size, color: variant.color };
  });
}

interface PricedEdit {
  priced: PricedItem[];
  money: PricedOrder;
  stockLines: Parameters<typeof moveOrderStock>[2];
  items: OrderItem[];
}

/**
 * Prices the new items exactly as a new order with them would be (place-order.ts's `priceItems`
 * and modules/pricing): the catalogue's prices and sales now, the order's own code while its
 * minimum and scope still hold, the delivery and COD fees for its city, the advance its total
 * (and its risk) asks. Unknown, unavailable or unsold choices are refused with 409 naming them.
 */
async function priceEdit(db: Db, target: EditTarget, input: EditInput): Promise<PricedEdit> {
  const { row } = target;
  const catalogue = await rememberedChoiceProducts(
    db,
    input.items.map((i) => i.productId),
    true,
  );
  const lines: z.output<typeof placeOrderInput>["items"] = (await resolveVariants(db, input.items)).map((i) => ({
    productId: i.productId,
    quantity: i.quantity,
    size: i.size,
    color: i.color,
    selectedImage: null,
  }));
  const { priced, stockLines } = await priceItems(db, lines, catalogue);
  const money = judgedHighRisk(
    await priceOrder(
      db,
      {
        lines: priced,
        city: row.city,
        phone: row.customerPhone,
        paymentMethod: row.paymentMethod,
        keptDiscountId: row.discountId,
      },
      { strict: false },
    ),
    row.riskLevel === "high",
  );
  priced.forEach((p, n) => (p.price = money.unitPrices[n]));
  const items = priced.map((p, n): OrderItem => {
    const sale = money.sales[n];
    return {
      productId: p.productId,
      productName: p.productName,
      quantity: p.quantity,
      size: p.size,
      color: p.color,
      price: Number(p.price),
      selectedImage: p.selectedImage,
      ...(sale ? { regularPrice: Number(sale.regularPrice), saleId: sale.saleId } : {}),
    };
  });
  const paid = rupees(row.advancePaid);
  if (money.amounts.total / 100 < paid)
    throw new AppError(
      "CONFLICT",
      `The customer has already paid an advance of Rs. ${paid}, more than the new total of Rs. ${money.amounts.total / 100}; keep items worth at least the advance`,
    );
  return { priced, money, stockLines, items };
}

function outcomeOf(target: EditTarget, edit: PricedEdit, version: number): ItemEditOutcome {
  const { code } = edit.money;
  return {
    before: amountsOf(target.row),
    after: amountsAfter(edit.money, target.row),
    items: edit.items,
    code: code ? { code: code.code, applied: code.applied, message: code.message } : null,
    rebook: target.parcel ? { courier: target.parcel.courier, trackingNumber: target.parcel.trackingNumber } : null,
    itemsVersion: version,
  };
}

function checkVersion(target: EditTarget, version: number | undefined): void {
  if (version !== undefined && version !== target.version) throw changedMeanwhile(target);
}

/**
 * The preview the item editor shows before saving: the same reading and pricing as the change
 * itself, nothing written.
 */
export async function previewItemEdit(
  db: Db,
  steps: ItemEditSteps,
  orderId: string,
  input: EditInput,
): Promise<ItemEditOutcome> {
  const target = await readTarget(db, steps, orderId, false);
  checkVersion(target, input.version);
  return outcomeOf(target, await priceEdit(db, target, input), target.version);
}

/**
 * PATCH /api/admin/orders/{id}/items: the order's items change before it ships, as one
 * workflow in one transaction (decision 042). The order row is locked, its version checked, the
 * items priced as a new order, the stock it held given back and the new items' taken (409 naming
 * the item when short), its items and amounts replaced (the cash to collect follows, being
 * total − advance paid), the advance's status settled, the change put on its timeline and in the
 * audit log, a booked parcel cancelled at its courier (a refusal undoes everything) and the
 * customer's message queued. The code keeps its use: the order keeps its place among the code's
 * orders, and `claims` is not moved. The status and the confirmation are left as they are.
 * After the commit, a cancelled parcel is booked again with the new cash.
 */
export async function editOrderItems(
  core: OrderCore,
  steps: ItemEditSteps,
  orderId: string,
  input: EditInput,
  actor: string,
): Promise<{ outcome: ItemEditOutcome; rebooking: Rebooking }> {
  let parcel: BookedParcel | null = null;
  const outcome = await core.write(async (w) => {
    const { tx } = w;
    const target = await readTarget(tx, steps, orderId, true);
    checkVersion(target, input.version);
    const edit = await priceEdit(tx, target, input);
    const stockLowest = await moveOrderStock(tx, orderId, edit.stockLines);
    await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
    const inserted = await tx
      .insert(orderItems)
      .values(
        edit.priced.map((p, n) => ({
          orderId,
          productId: p.productId,
          productName: p.productName,
          category: p.category,
          quantity: p.quantity,
          size: p.size,
          color: p.color,
          price: p.price,
          selectedImage: p.selectedImage,
          regularPrice: edit.money.sales[n]?.regularPrice ?? null,
          saleId: edit.money.sales[n]?.saleId ?? null,
          // The variant sold and its options now (migration 0023), as its size and colour name it.
          variantId: sql`(select id from product_variants
            where product_id = ${p.productId} and size = ${p.size} and color = ${p.color} limit 1)`,
          options: sql`coalesce((select options from product_variants
              where product_id = ${p.productId} and size = ${p.size} and color = ${p.color} limit 1),
            ${JSON.stringify({ ...(p.size ? { Size: p.size } : {}), ...(p.color ? { Color: p.color } : {}) })}::jsonb)`,
        })),
      )
      .returning({ id: orderItems.id });
    const m = amountsAsMoney(edit.money.amounts);
    await tx
      .update(orders)
      .set({
        subtotal: m.subtotal,
        saleDiscount: m.saleDiscount,
        discount: m.discount,
        deliveryFee: m.deliveryFee,
        codFee: m.codFee,
        total: m.total,
        discountCode: edit.money.applied?.code ?? null,
        discountId: edit.money.applied?.id ?? null,
        advanceAmount: m.advance,
      })
      .where(eq(orders.id, orderId));
    await steps.settleAdvance(tx, orderId);
    const outcome = outcomeOf(target, edit, Math.max(...inserted.map((r) => r.id)));
    await itemChangeAudit(tx, { orderId, actor, note: input.note, before: target, after: outcome });
    if (target.parcel) {
      parcel = target.parcel;
      await steps.cancelParcel(w, target.parcel, actor);
    }
    await steps.notifyCustomer(tx, orderId);
    w.touched([orderId], stockLowest);
    return outcome;
  });
  const rebooking = parcel ? await steps.rebook(parcel, actor) : null;
  return { outcome, rebooking };
}
