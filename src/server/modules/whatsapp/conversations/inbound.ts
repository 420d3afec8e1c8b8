import { sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { whatsappNumber } from "@shared/rules/phone.js";
import type { OrderCore, OrderWrite } from "../../order-core/index.js";
import { sqlState } from "../../../db/errors.js";
import { enqueueJobSql } from "../../../jobs/jobs.js";
import { readButtonPayload } from "../webhook/button-payload.js";
import { applyCustomerAnswer } from "./customer-answer.js";
import type { InboundHandler } from "./inbound-handlers.js";
import {
  applyUserIdChanges,
  isUserId,
  phoneOfSender,
  rememberNames,
  rememberUserIds,
  reportedPairs,
  type Sql,
} from "./customer-ids.js";
import { SEND_ATTEMPTS, SEND_REPLY } from "../confirmations/outbox.js";
import { recordStatus } from "../webhook/statuses.js";
import {
  messageMedia,
  messageText,
  quickReplyPayload,
  type InboundMessage,
  type WebhookPayload,
} from "../webhook/webhook-payload.js";
import type { WhatsappConfig } from "../whatsapp-config.js";
import { rowsOf as rows } from "../../../db/rows.js";
import { advanceReplyLines } from "../../advance/index.js";
import { isOptOut } from "@shared/rules/winback.js";
import { optOut, SEND_OPT_OUT_REPLY } from "../marketing/opt-out.js";

export { WHATSAPP_ACTOR } from "./customer-answer.js";

export interface WebhookOutcome {
  /** Replies queued (the job runner is woken). */
  replies: number;
  /** Orders whose status or confirmation changed, or a conversation got a message (the live views are told). */
  changed: boolean;
}

const secondsToIso = (timestamp: string | undefined) => {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
};

/** Stores an inbound message once; false when this id was delivered before. */
async function recordInbound(tx: Sql, message: InboundMessage, phone: string | null, orderId: string | null) {
  const media = messageMedia(message);
  const stored = await tx.execute(sql`
    insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body, phone, user_id, sent_at,
      media_id, media_type)
    select ${orderId}::uuid, 'in', ${message.type}, ${message.id}, 'received', ${messageText(message).slice(0, 4096)},
      ${phone}, ${message.from_user_id ?? null}, ${secondsToIso(message.timestamp)}::timestamptz,
      ${media?.id ?? null}, ${media?.mimeType ?? null}
    where ${orderId}::uuid is null or exists (select 1 from orders where id = ${orderId}::uuid)
    on conflict (wa_message_id) do nothing
    returning id`);
  return rows(stored).length > 0;
}

function replyText(action: "confirm" | "cancel", orderId: string, heldForAgent: boolean): string {
  const number = orderNumber(orderId);
  if (action === "cancel") return `Your order #${number} is cancelled. Thank you for letting us know.`;
  return heldForAgent
    ? `Thank you, your order #${number} is confirmed. Our team will call you before it is shipped.`
    : `Thank you, your order #${number} is confirmed and will be shipped soon.`;
}

/**
 * One inbound message, in one transaction: stored, the order answered and the reply queued
 * together. If any statement fails the whole message is undone and the webhook answers 500, so
 * Meta's redelivery handles it afresh and the press is not lost (issue 21).
 */
async function handleMessage(
  w: OrderWrite,
  others: readonly InboundHandler[],
  config: WhatsappConfig,
  message: InboundMessage,
) {
  const tx = w.tx;
  const payload = quickReplyPayload(message);
  const button = payload ? readButtonPayload(config.appSecret, payload) : null;
  const phone = await phoneOfSender(tx, message.from, message.from_user_id);
  // A customer known only by user id gets a conversation keyed by it; an id never answers an order.
  // (Meta's system messages about an id start no conversation of their own.)
  const conversation =
    phone ?? (message.type !== "system" && isUserId(message.from_user_id) ? message.from_user_id : null);
  if (!(await recordInbound(tx, message, conversation, button?.orderId ?? null)))
    return { stored: false, reply: false };
  if (!phone) {
    if (conversation)
      await tx.execute(
        sql`update whatsapp_contacts set user_id = ${conversation} where phone = ${conversation} and user_id is null`,
      );
    return { stored: true, reply: false };
  }
  if (!button) {
    // STOP (any case) or the template's opt-out button ends marketing, answered once (decision 041).
    if (isOptOut(payload ?? "") || isOptOut(messageText(message))) {
      if (await optOut(tx, phone))
        await tx.execute(
          enqueueJobSql({
            kind: SEND_OPT_OUT_REPLY,
            payload: { inboundId: message.id, to: phone },
            key: `whatsapp:opt-out:${phone}`,
            maxAttempts: SEND_ATTEMPTS,
          }),
        );
      return { stored: true, reply: true };
    }
    for (const handle of others) {
      const answer = await handle(w, message, phone);
      if (!answer) continue;
      w.touched([answer.orderId]);
      await queueReply(tx, { inboundId: message.id, orderId: answer.orderId, to: phone, text: answer.text });
      return { stored: true, reply: true };
    }
    return { stored: true, reply: false };
  }
  const answer = { orderId: button.orderId, action: button.action, phone };
  // A confirmation after the order's units went back on sale (stock-expiry.ts) takes them again;
  // when they are gone, the order is marked confirmed and waits for an agent (decision 012). The
  // savepoint keeps the transaction usable after that refusal.
  const changed = await w
    .savepoint((savepoint) => applyCustomerAnswer(savepoint, answer))
    .catch((err) => {
      if (sqlState(err) !== "23514") throw err;
      return applyCustomerAnswer(w, { ...answer, keepPending: true });
    });
  if (!changed) return { stored: true, reply: false };
  // A confirmed order that owes an advance is told how much and where (decision 027).
  const advance = button.action === "confirm" ? await advanceReplyLines(tx, changed.id) : [];
  await queueReply(tx, {
    inboundId: message.id,
    orderId: changed.id,
    to: whatsappNumber(changed.customer_phone),
    text: [replyText(button.action, changed.id, changed.status === "pending"), ...advance].join("\n"),
  });
  return { stored: true, reply: true };
}

/** The reply to a customer's message, queued in the message's transaction: sent once, after the commit. */
async function queueReply(tx: Sql, reply: { inboundId: string; orderId: string; to: string; text: string }) {
  await tx.execute(
    enqueueJobSql({
      kind: SEND_REPLY,
      payload: reply,
      key: `whatsapp:reply:${reply.inboundId}`,
      maxAttempts: SEND_ATTEMPTS,
    }),
  );
}

/**
 * Handles one verified webhook delivery: the user ids it reports and the ids Meta says changed
 * first (so a press by id alone finds its phone), then each message in its own transaction, then message states and prices.
 */
export async function handleWebhook(
  core: OrderCore,
  others: readonly InboundHandler[],
  config: WhatsappConfig,
  payload: WebhookPayload,
): Promise<WebhookOutcome> {
  const db = core.db;
  const out: WebhookOutcome = { replies: 0, changed: false };
  for (const entry of payload.entry)
    for (const change of entry.changes) {
      const value = change.value;
      await rememberUserIds(db, reportedPairs(value));
      if ((await applyUserIdChanges(db, value)) > 0) out.changed = true;
      for (const message of value.messages) {
        const handled = await core.write((w) => handleMessage(w, others, config, message));
        if (handled.stored) out.changed = true;
        if (handled.reply) out.replies++;
      }
      await rememberNames(db, value);
      for (const status of value.statuses) if (await recordStatus(db, status)) out.changed = true;
    }
  return out;
}
