import { eq } from "drizzle-orm";
import { normalizePhone, phonesMatch } from "@shared/rules/phone.js";
import type { AdminOrder, PlacedOrder } from "@shared/schemas/orders.js";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { orderNotFound } from "./errors.js";
import type { OrderCore } from "./order-core.js";
import { resolveOrderRef } from "./order-ref.js";
import { loadItems, orderColumns, toAdminOrder, toPlacedOrder, toTrackedOrder } from "./order-serialize.js";

async function readRow(db: Db, id: string) {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id));
  return row;
}

/** The order as the admin API answers it. */
export async function adminOrder(db: Db, id: string): Promise<AdminOrder> {
  const row = await readRow(db, id);
  if (!row) throw orderNotFound();
  const items = await loadItems(db, [id]);
  return toAdminOrder(row, items.get(id) ?? []);
}

export interface CancelProof {
  phone?: string;
  sessionId?: string;
}

/**
 * A shopper cancels their own pending order: proven by the order's phone number (spec rule, at
 * least ten digits so a fragment proves nothing) or by being the browser session that placed it.
 * The pending check and the change are one statement, so a cancel racing the admin's status
 * change cannot cancel an order that has just shipped.
 */
export async function cancelAsCustomer(core: OrderCore, idOrRef: string, proof: CancelProof): Promise<PlacedOrder> {
  const db = core.db;
  // A card found by phone number alone names its order by reference (decision 013).
  const id = (await readRow(db, idOrRef))?.id ?? (proof.phone ? await resolveOrderRef(db, idOrRef, proof.phone) : null);
  const row = id ? await readRow(db, id) : undefined;
  if (!id || !row) throw orderNotFound();
  const byPhone =
    !!proof.phone && normalizePhone(proof.phone).length >= 10 && phonesMatch(proof.phone, row.customerPhone);
  const bySession = !!proof.sessionId && !!row.sessionId && proof.sessionId.toLowerCase() === row.sessionId;
  if (!byPhone && !bySession) throw new AppError("FORBIDDEN", "This order does not belong to that phone number");

  const cancelled = await core.write(
    async (w) =>
      (await w.changeStatus({ orderIds: [id], to: "cancelled", actor: "customer", onlyFrom: ["pending"] })).length > 0,
  );
  const current = (await readRow(db, id))!;
  if (!cancelled) throw new AppError("CONFLICT", `Only pending orders can be cancelled; this one is ${current.status}`);
  const items = await loadItems(db, [id]);
  // A phone number alone proves as little as it does for tracking: reference, no number, initials.
  if (bySession) return toPlacedOrder(current, items.get(id) ?? []);
  return {
    ...toTrackedOrder(current, items.get(id) ?? [], false),
    subtotal: current.subtotal,
    tax: current.tax,
    paymentMethod: current.paymentMethod,
  };
}
