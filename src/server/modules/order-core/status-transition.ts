import { sql, type SQL } from "drizzle-orm";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { sqlList } from "../../db/sql-list.js";

/** One order's status as it was changed: what the timeline, the audit log and the listeners see. */
export interface StatusChange {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  actor: string;
}

export interface StatusChangeRequest {
  orderIds: readonly string[];
  to: OrderStatus;
  /** The timeline's actor: "admin", "customer", "courier", a staff member's name, "system: …". */
  actor: string;
  /** Only orders now in one of these statuses change (a shopper cancels only a pending order). */
  onlyFrom?: readonly OrderStatus[];
  /** A further condition on the order row (`o`), in the same statement. */
  where?: SQL;
  /** Other columns set in the same update (`o` is the order): tracking, the confirmation state. */
  alsoSet?: SQL;
  /** One audit line per changed order, naming the status it had and has. */
  audit?: { actor: string; action: string };
}

/**
 * The one way an order's status changes. One statement: the orders are locked in id order, moved,
 * and given their timeline event (and audit line); in the same statement the database's triggers
 * stamp `shipped_at`/`delivered_at`/`returned_at`, give units back to stock or take them again
 * (migrations 0005, 0007, 0009; a shortage refuses with check_violation, see `refuseShortStock`)
 * and keep the report roll-ups. Orders already in `to`, or not in `onlyFrom`, are left alone.
 * Runs in the caller's transaction; the order core's listeners are told by `OrderCore`.
 */
export async function transitionStatus(db: Db, request: StatusChangeRequest): Promise<StatusChange[]> {
  if (request.orderIds.length === 0) return [];
  const { to, actor, audit } = request;
  const rows = await queryRows<{ id: string; from_status: OrderStatus }>(
    db,
    sql`
    with target as (
      select o.id, o.status from orders o
      where o.id in (select value::uuid from json_array_elements_text(${JSON.stringify(request.orderIds)}::json))
        and o.status <> ${to}
        ${request.onlyFrom ? sql`and o.status in ${sqlList(request.onlyFrom)}` : sql``}
        ${request.where ? sql`and ${request.where}` : sql``}
      order by o.id
      for update of o
    ),
    changed as (
      update orders o set status = ${to}${request.alsoSet ? sql`, ${request.alsoSet}` : sql``}
      from target t where o.id = t.id
      returning o.id, t.status as from_status
    ),
    timeline as (
      insert into order_status_events (order_id, status, actor) select id, ${to}, ${actor} from changed
    )${
      audit
        ? sql`,
    audited as (
      insert into audit_log (actor, action, entity, entity_id, order_id, before, after)
      select ${audit.actor}, ${audit.action}, 'order', id::text, id, json_build_object('status', from_status)::jsonb,
             json_build_object('status', ${to}::text)::jsonb
      from changed
    )`
        : sql``
    }
    select id, from_status from changed order by id`,
  );
  return rows.map((r) => ({ orderId: String(r.id), from: r.from_status, to, actor }));
}
