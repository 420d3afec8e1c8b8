import { eq, sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import type { ItemEditOutcome, Rebooking } from "@shared/schemas/order-edits.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { orderItems, orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { amountsAsMoney } from "../pricing/index.js";
import { outcomeOf, priceEdit, type EditInput, type EditTarget } from "./edit-pricing.js";
import { moveOrderStock } from "./edit-stock.js";
import { describeItems, itemChangeAudit } from "./edit-record.js";
import { orderNotFound } from "./errors.js";
import type { OrderCore } from "./order-core.js";
import { loadItems, orderColumns } from "./order-serialize.js";
import type { BookedParcel, ItemEditSteps } from "./placement-steps.js";

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
          variantId: p.variantId,
          options: p.options,
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
