import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { CUSTOMER_SERVICE_WINDOW_MS, type ConversationMessage } from "@shared/schemas/whatsapp.js";
import { enqueueJobSql } from "../../../jobs/jobs.js";
import { AppError } from "../../../lib/app-error.js";
import { recordAudit } from "../../audit/index.js";
import { sendText } from "../cloud-api/cloud-api.js";
import { lastCustomerMessageAt } from "./conversations.js";
import { describeSendError } from "../cloud-api/meta-errors.js";
import type { WhatsappConfig } from "../whatsapp-config.js";
import { rowsOf as rows } from "../../../db/rows.js";

/** The job that sends one reply an agent wrote in the inbox (its message row names it). */
export const SEND_AGENT_REPLY = "whatsapp.agent-reply";
const ATTEMPTS = 5;

const windowClosed = (last: Date | null) =>
  new AppError(
    "CONFLICT",
    last
      ? "More than 24 hours have passed since the customer last wrote, so WhatsApp only allows a template message now. Resend the confirmation template instead; the customer's answer opens the window again."
      : "This customer has never written to the store on WhatsApp, so WhatsApp only allows a template message now. Resend the confirmation template instead.",
  );

/**
 * An agent's free-form reply: checked against Meta's 24-hour window (from the customer's last
 * message), then written as a `queued` message with its audit line and its sending job in one
 * transaction. The job sends it once (see `sendAgentReply`); the agent sees it queued at once.
 */
export async function queueAgentReply(
  app: FastifyInstance,
  phone: string,
  text: string,
  actor: string,
): Promise<ConversationMessage> {
  if (!app.config.whatsapp)
    throw new AppError(
      "CONFLICT",
      "WhatsApp is not connected; set WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET, or use the chat link",
    );
  const now = app.clock.now();
  const last = await lastCustomerMessageAt(app.db, phone);
  if (!last || now.getTime() - last.getTime() > CUSTOMER_SERVICE_WINDOW_MS) throw windowClosed(last);
  const at = now.toISOString();
  const message = await app.db.transaction(async (tx) => {
    const [row] = rows<{ id: number }>(
      await tx.execute(sql`
        insert into whatsapp_messages (direction, kind, state, body, phone, sent_by, created_at, updated_at)
        values ('out', 'agent', 'queued', ${text}, ${phone}, ${actor}, ${at}::timestamptz, ${at}::timestamptz)
        returning id`),
    );
    // The agent has answered: what the customer wrote before is read.
    await tx.execute(sql`update whatsapp_contacts set unread = 0, read_up_to = ${row.id} where phone = ${phone}`);
    await tx.execute(
      enqueueJobSql({
        kind: SEND_AGENT_REPLY,
        payload: { messageId: row.id },
        key: `whatsapp:agent:${row.id}`,
        maxAttempts: ATTEMPTS,
      }),
    );
    await recordAudit(tx, {
      actor,
      action: "whatsapp.reply",
      entity: "whatsapp_message",
      entityId: row.id,
      after: { phone, text },
    });
    return row;
  });
  app.jobs.wake();
  app.orderEvents.publish();
  return {
    id: Number(message.id),
    direction: "out",
    kind: "agent",
    state: "queued",
    body: text,
    error: null,
    media: null,
    sentBy: actor,
    at,
  };
}

/**
 * Sends one queued reply, at most once: the row is claimed (`queued` → `sending`) before the call,
 * so a retried or doubled job finds nothing to send. A refusal Meta says may pass (a rate limit,
 * its own fault, no connection) puts it back in the queue for the job runner's next attempt;
 * any other refusal, or a time-out after which it may have arrived, marks it failed with the
 * reason in words.
 */
async function sendAgentReply(app: FastifyInstance, config: WhatsappConfig, messageId: number) {
  const [claimed] = rows<{ phone: string; body: string }>(
    await app.db.execute(sql`update whatsapp_messages set state = 'sending', updated_at = now()
      where id = ${messageId} and state = 'queued' and direction = 'out' and kind = 'agent'
      returning phone, body`),
  );
  if (!claimed) return;
  try {
    const id = await sendText(config, claimed.phone, claimed.body, false);
    await app.db.execute(sql`update whatsapp_messages set state = 'sent', wa_message_id = ${id}, error = null,
      updated_at = now() where id = ${messageId}`);
  } catch (err) {
    const { words, retry } = describeSendError(err);
    await app.db.execute(sql`update whatsapp_messages set state = ${retry ? "queued" : "failed"}, error = ${words},
      updated_at = now() where id = ${messageId}`);
    app.orderEvents.publish();
    if (retry) throw err;
    return;
  }
  app.orderEvents.publish();
}

export function registerAgentReplies(app: FastifyInstance, config: WhatsappConfig): void {
  app.jobs.register(SEND_AGENT_REPLY, (payload) => sendAgentReply(app, config, Number(payload.messageId)), {
    onFailed: async (payload) => {
      await app.db.execute(sql`update whatsapp_messages set state = 'failed', updated_at = now()
        where id = ${Number(payload.messageId)} and state in ('queued', 'sending')`);
      app.orderEvents.publish();
    },
  });
}
