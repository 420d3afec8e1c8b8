import { sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { whatsappNumber } from "@shared/rules/phone.js";
import type { Db } from "../../db/client.js";
import { sqlState } from "../../db/errors.js";
import { readButtonPayload } from "./button-payload.js";
import { quickReplyPayload, type InboundMessage, type StatusUpdate, type WebhookPayload } from "./webhook-payload.js";
import type { WhatsappConfig } from "./whatsapp-config.js";

/** How the timeline names a change the customer made by pressing a button. */
export const WHATSAPP_ACTOR = "customer on WhatsApp";

/** A short free-form answer to a button press, sent by the outbox. */
export interface Reply {
  /** The button press answered: a reply per press, however often Meta delivers it. */
  inboundId: string;
  orderId: string;
  to: string;
  text: string;
}

export interface WebhookOutcome {
  replies: Reply[];
  /** Orders whose status or confirmation changed (the admin's live queue is told). */
  changed: boolean;
}

const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Stores an inbound message once; false when this id was delivered before. */
async function recordInbound(db: Db, message: InboundMessage, orderId: string | null): Promise<boolean> {
  const body = message.text?.body ?? message.button?.text ?? message.interactive?.button_reply?.title ?? "";
  const stored = await db.execute(sql`
    insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body)
    select ${orderId}::uuid, 'in', ${message.type}, ${message.id}, 'received', ${body.slice(0, 2000)}
    where ${orderId}::uuid is null or exists (select 1 from orders where id = ${orderId}::uuid)
    on conflict (wa_message_id) do nothing
    returning id`);
  return rows(stored).length > 0;
}

/**
 * Confirms or cancels a pending order in one statement, only from the order's own number. A
 * `high` risk order is only marked confirmed: it stays pending until an agent moves it; so is
 * one with `keepPending` (its units were given back at expiry and are no longer all there).
 */
async function answerOrder(db: Db, orderId: string, action: "confirm" | "cancel", from: string, keepPending = false) {
  const result = await db.execute(sql`
    with target as (
      select id, customer_phone, risk_level from orders
      where id = ${orderId}::uuid and status = 'pending'
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
      where o.id = t.id and ${from} = '92' || right(regexp_replace(t.customer_phone, '\\D', '', 'g'), 10)
      returning o.id, o.status, o.customer_phone, t.risk_level
    ),
    event as (
      insert into order_status_events (order_id, status, actor)
      select id, status, ${WHATSAPP_ACTOR} from changed where status <> 'pending'
    )
    select id, status, customer_phone, risk_level from changed`);
  return rows(result)[0] as { id: string; status: string; customer_phone: string; risk_level: string } | undefined;
}

function replyText(action: "confirm" | "cancel", orderId: string, heldForAgent: boolean): string {
  const number = orderNumber(orderId);
  if (action === "cancel") return `Your order #${number} is cancelled. Thank you for letting us know.`;
  return heldForAgent
    ? `Thank you, your order #${number} is confirmed. Our team will call you before it is shipped.`
    : `Thank you, your order #${number} is confirmed and will be shipped soon.`;
}

async function handleMessage(db: Db, config: WhatsappConfig, message: InboundMessage, out: WebhookOutcome) {
  const payload = quickReplyPayload(message);
  const button = payload ? readButtonPayload(config.appSecret, payload) : null;
  if (!(await recordInbound(db, message, button?.orderId ?? null)) || !button) return;
  const from = message.from.replace(/\D/g, "");
  // A confirmation after the order's units went back on sale (stock-expiry.ts) takes them again;
  // when they are gone, the order is marked confirmed and waits for an agent (decision 012).
  const changed = await answerOrder(db, button.orderId, button.action, from).catch((err) => {
    if (sqlState(err) !== "23514") throw err;
    return answerOrder(db, button.orderId, button.action, from, true);
  });
  if (!changed) return;
  out.changed = true;
  out.replies.push({
    inboundId: message.id,
    orderId: changed.id,
    to: whatsappNumber(changed.customer_phone),
    text: replyText(button.action, changed.id, changed.status === "pending"),
  });
}

const STATUS_ORDER = sql.raw("array['queued', 'sent', 'delivered', 'read']");

/** A message's state moves forward only (a late 'sent' never undoes 'read'); 'failed' always applies. */
async function handleStatus(db: Db, status: StatusUpdate, out: WebhookOutcome) {
  if (!["sent", "delivered", "read", "failed"].includes(status.status)) return;
  const error = status.errors?.[0]?.title ?? null;
  const result = await db.execute(sql`
    with message as (
      update whatsapp_messages set state = ${status.status}, error = coalesce(${error}, error), updated_at = now()
      where wa_message_id = ${status.id} and direction = 'out'
        and (${status.status} = 'failed'
             or coalesce(array_position(${STATUS_ORDER}, state), 0)
                < array_position(${STATUS_ORDER}, ${status.status}::text))
      returning order_id, kind
    )
    update orders o set confirmation_state = ${status.status}, confirmation_updated_at = now()
    from message m
    where o.id = m.order_id and m.kind in ('confirm', 'reminder')
      and o.confirmation_state in ('queued', 'sent', 'delivered', 'read', 'failed')
    returning o.id`);
  if (rows(result).length > 0) out.changed = true;
}

/** Handles one verified webhook delivery: quick replies first, then message states. */
export async function handleWebhook(db: Db, config: WhatsappConfig, payload: WebhookPayload): Promise<WebhookOutcome> {
  const out: WebhookOutcome = { replies: [], changed: false };
  for (const entry of payload.entry)
    for (const change of entry.changes) {
      for (const message of change.value.messages ?? []) await handleMessage(db, config, message, out);
      for (const status of change.value.statuses ?? []) await handleStatus(db, status, out);
    }
  return out;
}
