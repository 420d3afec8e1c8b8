import { sql } from "drizzle-orm";
import type { Sql } from "../conversations/customer-ids.js";
import type { StatusUpdate } from "./webhook-payload.js";
import { AWAITING_ANSWER } from "@shared/rules/confirmation.js";
import { sqlList } from "../../../db/sql-list.js";

const STATUS_ORDER = sql.raw("array['queued', 'sent', 'delivered', 'read']");
const KNOWN = ["sent", "delivered", "read", "failed"];

/**
 * One `statuses[]` callback, in one statement. A message's state moves forward only (a late
 * 'sent' never undoes 'read'); 'failed' always applies, with Meta's reason. The `pricing` Meta
 * reports (`billable`, `pricing_model`, `category`, `type`) is kept with the message whatever the
 * state's order. A confirmation request's state is its order's `confirmation.state`. Answers
 * whether an order's confirmation changed.
 */
export async function recordStatus(db: Sql, status: StatusUpdate): Promise<boolean> {
  if (!KNOWN.includes(status.status)) return false;
  const reason = status.errors?.[0]?.title ?? null;
  const price = status.pricing;
  const result = await db.execute(sql`
    with message as (
      update whatsapp_messages m set
        state = case when forward then ${status.status} else m.state end,
        error = case when forward then coalesce(${reason}, m.error) else m.error end,
        updated_at = case when forward then now() else m.updated_at end,
        pricing_billable = coalesce(${price?.billable ?? null}::boolean, m.pricing_billable),
        pricing_model = coalesce(${price?.pricing_model ?? null}, m.pricing_model),
        pricing_category = coalesce(${price?.category ?? null}, m.pricing_category),
        pricing_type = coalesce(${price?.type ?? null}, m.pricing_type),
        user_id = coalesce(${status.recipient_user_id ?? null}, m.user_id)
      from (select id, ${status.status} = 'failed'
                   or coalesce(array_position(${STATUS_ORDER}, state), 0)
                      < array_position(${STATUS_ORDER}, ${status.status}::text) as forward
            from whatsapp_messages where wa_message_id = ${status.id} and direction = 'out') f
      where m.id = f.id
      returning m.order_id, m.kind, f.forward
    )
    update orders o set confirmation_state = ${status.status}, confirmation_updated_at = now()
    from message m
    where m.forward and o.id = m.order_id and m.kind in ('confirm', 'reminder')
      and o.confirmation_state in ${sqlList(AWAITING_ANSWER)}
    returning o.id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
