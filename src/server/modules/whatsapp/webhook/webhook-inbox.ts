import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../../db/client.js";
import { rowsOf as rows } from "../../../db/rows.js";
import { retryDelayMs } from "../../../jobs/job-runner.js";
import { handleWebhook } from "../conversations/inbound.js";
import { webhookPayload } from "./webhook-payload.js";
import type { WebhookBurst } from "./webhook-burst.js";
import type { WhatsappConfig } from "../whatsapp-config.js";
import type { FailedDeliveries } from "@shared/schemas/whatsapp.js";

/** The job runner's queue of recorded webhook deliveries (registerQueue). */
export const WEBHOOK_INBOX = "whatsapp-webhooks";

/**
 * How many times a recorded delivery is handled before the store gives up on it (issue 38: it was
 * tried every hour forever). With the job runner's backoff (30 s, 1 min, … an hour) the last try
 * comes about three hours after the first: long enough for a passing failure (the database busy,
 * a restart) to pass; a delivery failing after that fails for a reason a person must look at.
 */
export const WEBHOOK_DELIVERY_TRIES = 10;
/** A delivery given up on is kept with its error, never due again (`next_at` infinity), for the owner's list. */
const GIVEN_UP = sql`'infinity'::timestamptz`;
/** How many of them the owner's list shows, the latest first. */
const GIVEN_UP_SHOWN = 50;

declare module "fastify" {
  interface FastifyInstance {
    whatsappWebhooks: {
      /**
       * Handles every recorded delivery that is due, now, burst or not (tests and the bench, which
       * post a delivery and look at its effect; a delivery handled twice changes nothing twice).
       */
      handleNow(): Promise<number>;
    };
  }
}

/** At the root, so tests and the bench see it; the WhatsApp routes fill it in when WhatsApp is on. */
export function registerWhatsappWebhooks(app: FastifyInstance): void {
  app.decorate("whatsappWebhooks", { handleNow: async () => 0 });
}

/**
 * Records verified deliveries before Meta is answered. Deliveries that arrive together, or while
 * a write is under way, are written together by the next one (one multi-row insert), so a burst
 * costs a few statements rather than one each; each delivery is answered once its own write
 * committed.
 */
export class DeliveryRecorder {
  private waiting: { body: string; done: () => void; failed: (err: unknown) => void }[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly db: Pick<Db, "execute">) {}

  record(raw: Buffer): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ body: raw.toString("utf8"), done, failed });
      // The write starts once this turn of the event loop has read every request that arrived
      // with this one: PGlite runs each statement in this thread, so a write begun at once would
      // block the others out of its batch (they were written one by one, 2,000 inserts a burst).
      this.writing ??= new Promise((ready) => setImmediate(ready)).then(() => this.writeAll());
    });
  }

  private async writeAll(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, 200);
      const values = sql.join(
        batch.map((d) => sql`(${d.body})`),
        sql`, `,
      );
      try {
        await this.db.execute(sql`insert into whatsapp_webhook_inbox (body) values ${values}`);
        for (const d of batch) d.done();
      } catch (err) {
        for (const d of batch) d.failed(err);
      }
    }
    this.writing = null;
  }
}

/**
 * Handles up to `limit` recorded deliveries, oldest first (one app server at a time: the queue's
 * lease). Each message is still its own transaction (inbound.ts), and stored once by its id, so a
 * delivery handled again after a failure or a restart changes nothing twice. A delivery whose
 * handling failed stays, with its error, and is tried again later (30 s, 1 min, … an hour), up to
 * WEBHOOK_DELIVERY_TRIES times; then it is given up and listed for the owner.
 */
export async function drainWebhookInbox(
  app: FastifyInstance,
  config: WhatsappConfig,
  limit: number,
  burst?: WebhookBurst,
) {
  const now = app.clock.now().toISOString();
  const due = rows<{ id: string | number; body: string; attempts: number; received_at: string }>(
    await app.db.execute(sql`
      select id, body, attempts, received_at from whatsapp_webhook_inbox
      where next_at <= ${now}::timestamptz order by id limit ${limit}`),
  );
  let replies = 0;
  let changed = false;
  let handled = 0;
  for (const delivery of due) {
    // During a burst the answers to Meta go first; what waits longer than maxWaitMs goes anyway.
    if (burst?.busy() && Date.now() - new Date(delivery.received_at).getTime() < burst.maxWaitMs) break;
    handled++;
    try {
      // Read when it was recorded: a shape the store cannot read was kept aside and never lands here.
      const payload = webhookPayload.parse(JSON.parse(delivery.body));
      const outcome = await handleWebhook(app.orderCore, app.whatsappInbound, config, payload);
      await app.db.execute(sql`delete from whatsapp_webhook_inbox where id = ${delivery.id}`);
      replies += outcome.replies;
      changed ||= outcome.changed;
    } catch (err) {
      const attempts = Number(delivery.attempts) + 1;
      const givenUp = attempts >= WEBHOOK_DELIVERY_TRIES;
      const nextAt = givenUp
        ? GIVEN_UP
        : sql`${new Date(app.clock.now().getTime() + retryDelayMs(attempts)).toISOString()}::timestamptz`;
      // The database's own words, not the statement drizzle wraps them in.
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      const error = (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
      await app.db.execute(sql`
        update whatsapp_webhook_inbox set attempts = ${attempts}, next_at = ${nextAt}, error = ${error}
        where id = ${delivery.id}`);
      app.log.error(
        { err, delivery: Number(delivery.id), attempts },
        givenUp
          ? "a WhatsApp webhook delivery failed for the last time; it is kept for the owner's list"
          : "a WhatsApp webhook delivery failed; it is tried again later",
      );
    }
  }
  if (replies > 0) app.jobs.wake();
  // A message in a conversation (the inbox is live on the orders stream); order changes told already.
  if (changed) app.orderEvents.publish();
  return handled;
}

/**
 * GET /api/admin/whatsapp/failed-deliveries (owner): the deliveries given up on after
 * WEBHOOK_DELIVERY_TRIES, the latest first, each with its last error and the body Meta sent.
 */
export async function listGivenUpDeliveries(db: Pick<Db, "execute">): Promise<FailedDeliveries> {
  const found = rows<{ id: number; received_at: string; attempts: number; error: string | null; body: string }>(
    await db.execute(sql`
      select id, received_at, attempts, error, body from whatsapp_webhook_inbox
      where next_at = ${GIVEN_UP} order by id desc limit ${GIVEN_UP_SHOWN}`),
  );
  const [count] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from whatsapp_webhook_inbox where next_at = ${GIVEN_UP}`),
  );
  return {
    total: Number(count?.n ?? 0),
    deliveries: found.map((r) => ({
      id: Number(r.id),
      receivedAt: new Date(r.received_at).toISOString(),
      attempts: Number(r.attempts),
      error: r.error ?? "",
      body: r.body,
    })),
  };
}
