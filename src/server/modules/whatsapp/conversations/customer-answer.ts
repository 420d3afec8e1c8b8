import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/rows.js";
import type { OrderWrite } from "../../order-core/index.js";

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
 * A customer's button press, inside the webhook's transaction: a pending order is confirmed
 * (→ processing through the order core's transition; a `high` risk order is only marked
 * confirmed and waits for an agent) or cancelled, only when the press comes from the order's own
 * phone. Answers the changed order, or undefined when nothing changed.
 */
export async function applyCustomerAnswer(w: OrderWrite, answer: CustomerAnswer) {
  const { orderId, action, phone, keepPending = false } = answer;
  const [target] = await queryRows<{ id: string; customer_phone: string; risk_level: string }>(
    w.tx,
    sql`select id, customer_phone, risk_level from orders
        where id = ${orderId}::uuid and status = 'pending' and '92' || phone_key = ${phone}
          and (${action} = 'cancel' or confirmation_state <> 'confirmed')
        for update`,
  );
  if (!target) return undefined;
  const answered = sql`confirmation_state = ${action === "cancel" ? "cancelled" : "confirmed"},
    confirmation_updated_at = now()`;
  const to = action === "cancel" ? "cancelled" : target.risk_level === "high" || keepPending ? null : "processing";
  if (to) await w.changeStatus({ orderIds: [target.id], to, actor: WHATSAPP_ACTOR, alsoSet: answered });
  else {
    await w.tx.execute(sql`update orders set ${answered} where id = ${target.id}::uuid`);
    w.touched([target.id]);
  }
  return { id: String(target.id), status: to ?? "pending", customer_phone: String(target.customer_phone) };
}
