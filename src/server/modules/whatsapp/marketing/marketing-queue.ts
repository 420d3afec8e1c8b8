import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../../db/client.js";
import { rowsOf } from "../../../db/rows.js";
import { redactForLog } from "../../../lib/redact-log.js";
import { CloudApiError, sendTemplate } from "../cloud-api/cloud-api.js";
import type { WhatsappConfig } from "../whatsapp-config.js";
import { firstContactedSql, readDailyCount } from "./daily-limit.js";
import { isOptedOut } from "./opt-out.js";

/** The queue of marketing messages (back in stock, abandoned checkouts), drained after the confirmations. */
export const MARKETING = "whatsapp.marketing";

/** One marketing template due to one phone; `ref` is the source's own id for it. */
export interface MarketingMessage {
  ref: number;
  /** Digits with country code. */
  phone: string;
  template: string;
  bodyParameters: string[];
  /** What the admin's conversation shows of it. */
  body: string;
}

/**
 * A module whose marketing messages the queue sends (decision 041): it says which are due, checks
 * each again right before it is sent (and answers false to drop it: the variant sold out again,
 * the phone ordered), and records what became of it.
 */
export interface MarketingSource {
  kind: string;
  due(now: Date, limit: number): Promise<MarketingMessage[]>;
  stillDue(message: MarketingMessage, now: Date): Promise<boolean>;
  sent(message: MarketingMessage, waMessageId: string, now: Date): Promise<void>;
  /** Not sent: `retry` when it may go later (a failed call), else dropped for good (an opt-out). */
  notSent(message: MarketingMessage, reason: string, retry: boolean, now: Date): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The modules above WhatsApp that send marketing templates add their source here. */
    whatsappMarketing: MarketingSource[];
  }
}

/** Confirmation requests due now: marketing waits behind every one of them. */
async function confirmationsWaiting(db: Db, now: Date): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`select 1 from orders where confirmation_state = 'queued' and status = 'pending'
      and (confirmation_retry_at is null or confirmation_retry_at <= ${now.toISOString()}::timestamptz) limit 1`),
  );
  return !!row;
}

async function recordSent(db: Db, kind: string, message: MarketingMessage, waMessageId: string, now: Date) {
  await db.execute(sql`
    insert into whatsapp_messages (direction, kind, wa_message_id, state, body, phone, created_at, updated_at)
    values ('out', ${kind}, ${waMessageId}, 'sent', ${message.body}, ${message.phone},
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict do nothing`);
}

/**
 * Sends the due marketing messages, oldest first per source, one at a time (each checked again
 * right before): never while a confirmation request waits, never to an opted-out phone, and only
 * while the phones messaged first in 24 hours stay under 80 % of the daily limit (a phone already
 * in a conversation costs nothing). Runs under the queue's lease: one app server at a time.
 */
export async function drainMarketing(app: FastifyInstance, config: WhatsappConfig, limit: number): Promise<number> {
  const now = app.clock.now();
  if (app.whatsappMarketing.length === 0 || (await confirmationsWaiting(app.db, now))) return 0;
  const daily = await readDailyCount(app.db, now);
  let room = daily.marketingStopsAt - daily.count;
  const contacted = new Set(
    rowsOf<{ phone: string }>(await app.db.execute(firstContactedSql(now))).map((r) => r.phone),
  );
  let took = 0;
  for (const source of app.whatsappMarketing) {
    for (const message of await source.due(now, limit)) {
      if (await isOptedOut(app.db, message.phone)) {
        await source.notSent(message, "The customer opted out of marketing messages", false, now);
        took++;
        continue;
      }
      const fresh = !contacted.has(message.phone);
      if (fresh && room <= 0) return took > 0 ? took : 0; // the rest wait for the count to fall
      took++;
      if (!(await source.stillDue(message, now))) continue;
      try {
        const id = await sendTemplate(config, {
          to: message.phone,
          template: message.template,
          language: config.templateLanguage,
          bodyParameters: message.bodyParameters,
          buttonPayloads: [],
        });
        await recordSent(app.db, source.kind, message, id, now);
        await source.sent(message, id, now);
        if (fresh) {
          contacted.add(message.phone);
          room--;
        }
      } catch (err) {
        const reason = err instanceof CloudApiError ? err.message : "The message could not be sent";
        app.log.warn({ kind: source.kind, ref: message.ref, err: redactForLog(err) }, "marketing message not sent");
        await source.notSent(message, reason, true, now);
      }
    }
  }
  return took;
}
