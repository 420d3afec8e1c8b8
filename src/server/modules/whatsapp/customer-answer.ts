import { sql } from "drizzle-orm";
import type { Sql } from "./customer-ids.js";

/** How the timeline names a change the customer made by pressing a button. */
export const WHATSAPP_ACTOR = "customer on WhatsApp";

export interface CustomerAnswer {
  orderId: string;
  action: "confirm" | "cancel";
  /** The presser's phone (digits with country code): `from`, or the phone their user id belongs to. */
  phone: string;
  /** Marks it confirmed but leaves it pending (its units were given back and are gone, decision 012). */
  keepPending?: boolean;
}

/**
 * THE status change of a customer's button press, inside the webhook's transaction: a pending
 * order is confirmed (→ processing; a `high` risk order only marked confirmed, it waits for an
 * agent) or cancelled, only when the press comes from the order's own phone. Answers the changed
 * order, or undefined when nothing changed. The order core's `changeStatus` replaces the status
 * part of this statement when it lands (issue 21); this is its one caller's one place.
 */
export async function applyCustomerAnswer(tx: Sql, answer: CustomerAnswer) {
  const { orderId, action, phone, keepPending = false } = answer;
  const result = await tx.execute(sql`
    with target as (
      select id, customer_phone, risk_level from orders
      where id = ${orderId}::uuid and status = 'pending' and '92' || phone_key = ${phone}
        and (${action} = 'cancel' or confirmation_state <> 'confirmed')
      for update
    ),
    changed as (
      update orders o set
        status = case when ${action} = 'cancel' then 'cancelled'
                      when t.risk_level = 'high' or ${keepPending} then o.status else 'processing' end,
        confirmation_state = case when ${action} = 'cancel' then 'cancelled' else 'confirmed' end,
        confirmation_updated_at = now()
      from target t
      where o.id = t.id
      returning o.id, o.status, o.customer_phone, t.risk_level
    ),
    event as (
      insert into order_status_events (order_id, status, actor)
      select id, status, ${WHATSAPP_ACTOR} from changed where status <> 'pending'
    )
    select id, status, customer_phone, risk_level from changed`);
  return (result as unknown as { rows: { id: string; status: string; customer_phone: string }[] }).rows[0];
}
