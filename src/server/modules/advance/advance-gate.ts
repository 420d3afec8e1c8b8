import { sql } from "drizzle-orm";
import { ADVANCE_OWED, advanceOwedMessage } from "@shared/rules/advance.js";
import { orderNumber } from "@shared/rules/labels.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { sqlList } from "../../db/sql-list.js";
import { AppError } from "../../lib/app-error.js";
import type { StatusChange } from "../order-core/index.js";

/** Orders among `ids` whose advance is still owed, and how much (whole rupees). */
export async function unpaidAdvances(db: Db, ids: readonly string[]): Promise<{ id: string; owed: number }[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string; owed: string }>(
    db,
    sql`select id, (advance_amount - advance_paid)::text as owed from orders
        where id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))
          and advance_status in ${sqlList(ADVANCE_OWED)}
        order by id`,
  );
  return rows.map((r) => ({ id: String(r.id), owed: Math.max(0, Number(r.owed)) }));
}

/**
 * 409 when any of the orders still owes its advance (CONTRACT.md, "Advance payment"): nothing
 * about them may tell a courier to collect less than the order is owed. The message names each
 * order and the amount still owed.
 */
export async function refuseUnpaidAdvances(db: Db, ids: readonly string[]): Promise<void> {
  const unpaid = await unpaidAdvances(db, ids);
  if (unpaid.length === 0) return;
  const [first] = unpaid;
  const message =
    unpaid.length === 1
      ? advanceOwedMessage(orderNumber(first.id), first.owed)
      : `${unpaid.length} of these orders still owe their advance (${unpaid
          .slice(0, 5)
          .map((u) => `#${orderNumber(u.id)}: Rs. ${u.owed.toLocaleString("en-PK")}`)
          .join(", ")}${unpaid.length > 5 ? ", …" : ""}); mark each advance paid before shipping them`;
  throw new AppError("CONFLICT", message, {
    advance: unpaid.map((u) => `${orderNumber(u.id)}: ${u.owed}`).join(", "),
  });
}

/**
 * Whether a change takes an order past the shipping gate: to `shipped`, or to `delivered` without
 * having shipped (issue 38: a straight move to delivered skipped the gate). A shipped parcel the
 * courier delivers passed the gate when it shipped.
 */
const passesGate = (c: StatusChange) => c.to === "shipped" || (c.to === "delivered" && c.from !== "shipped");

/**
 * The shipping gate in the order core (decision 017): any change past it (the admin's status, a
 * tracking number, a bulk change, a courier booking, a move straight to delivered) is refused in
 * its own transaction, and rolls back, while an order's advance is owed.
 */
export async function gateShipping(tx: Db, changes: StatusChange[]): Promise<void> {
  const shipping = changes.filter(passesGate).map((c) => c.orderId);
  if (shipping.length > 0) await refuseUnpaidAdvances(tx, shipping);
}
