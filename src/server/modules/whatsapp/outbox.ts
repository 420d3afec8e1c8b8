import { sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { whatsappNumber } from "@shared/rules/phone.js";
import { enqueueJob, enqueueJobSql } from "../../jobs/jobs.js";
import type { OrderExtras } from "../orders/place-order.js";
import { buttonPayload } from "./button-payload.js";
import { CloudApiError, sendTemplate, sendText } from "./cloud-api.js";
import { confirmationParameters, REVIEW_TEMPLATE, reviewParameters, type TemplateOrder } from "./templates.js";
import type { WhatsappConfig } from "./whatsapp-config.js";

/** Job kinds of the outbox; each job names one message to send. */
export const SEND_CONFIRMATION = "whatsapp.confirmation";
export const SEND_REPLY = "whatsapp.reply";
export const SEND_REVIEW_REQUEST = "whatsapp.review";
export const SWEEP = "whatsapp.sweep";
/** Attempts per message: 30 s, 1, 2, 4 min apart (the runner's backoff), then failed. */
export const SEND_ATTEMPTS = 5;
export const SWEEP_EVERY_MS = 5 * 60_000;
export const REVIEW_AFTER_MS = 24 * 60 * 60_000;

type ConfirmKind = "confirm" | "reminder" | "resend";

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The confirmation request as part of a new web order's own INSERT: a job row in the same
 * statement, so an order is never stored without its message (nor a message without its order).
 */
export function confirmationOnPlacement(
  config: WhatsappConfig | undefined,
): Pick<OrderExtras, "confirmationState" | "alsoInsert"> {
  if (!config) return { confirmationState: "off" };
  return {
    confirmationState: "queued",
    alsoInsert: (orderId, onlyIfPlaced) =>
      enqueueJobSql(
        {
          kind: SEND_CONFIRMATION,
          payload: { orderId, kind: "confirm" },
          key: `whatsapp:confirm:${orderId}`,
          maxAttempts: SEND_ATTEMPTS,
        },
        onlyIfPlaced,
      ),
  };
}

interface OutboxOrder extends TemplateOrder {
  status: string;
  phone: string;
  confirmationState: string;
}

/** The orders the outbox writes about, read in one query. */
async function loadOrders(app: FastifyInstance, orderIds: string[]): Promise<Map<string, OutboxOrder>> {
  const found = rows<Record<string, unknown>>(
    await app.db.execute(sql`
      select o.id, o.status, o.customer_name, o.customer_phone, o.city, o.total::text as total, o.confirmation_state,
        coalesce((select json_agg(json_build_object('productName', i.product_name, 'size', i.size, 'color', i.color,
                   'quantity', i.quantity, 'productId', i.product_id) order by i.id)
                  from order_items i where i.order_id = o.id), '[]'::json) as items
      from orders o where o.id in (select value::uuid from json_array_elements_text(${JSON.stringify(orderIds)}::json))`),
  );
  return new Map(
    found.map((row) => [
      String(row.id),
      {
        id: String(row.id),
        status: String(row.status),
        customerName: String(row.customer_name),
        phone: String(row.customer_phone),
        city: String(row.city),
        total: String(row.total),
        confirmationState: String(row.confirmation_state),
        items: (typeof row.items === "string" ? JSON.parse(row.items) : row.items) as OutboxOrder["items"],
      },
    ]),
  );
}

async function loadOrder(app: FastifyInstance, orderId: string): Promise<OutboxOrder | null> {
  return (await loadOrders(app, [orderId])).get(orderId) ?? null;
}

/** Records a sent message and moves the order's confirmation state, in one statement. */
async function recordSent(
  app: FastifyInstance,
  order: OutboxOrder,
  kind: string,
  waMessageId: string,
  body: string,
  confirmation: boolean,
) {
  const now = app.clock.now().toISOString();
  await app.db.execute(sql`
    with message as (
      insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body, created_at, updated_at)
      values (${order.id}::uuid, 'out', ${kind}, ${waMessageId}, 'sent', ${body}, ${now}::timestamptz, ${now}::timestamptz)
      on conflict do nothing
    )
    update orders set confirmation_state = 'sent', confirmation_updated_at = ${now}::timestamptz
    where id = ${order.id}::uuid and ${confirmation} and confirmation_state in ('queued', 'failed', 'expired')`);
  if (confirmation) app.orderEvents.publish();
}

/** Confirmation requests sent at once by one batch (Meta allows far more per second). */
const PARALLEL_SENDS = 8;

interface Sent {
  order_id: string;
  kind: string;
  wa_message_id: string;
  body: string;
}

/**
 * The confirmation requests (first, reminder, resend) of one claimed batch: the orders read in
 * one query, the messages sent a few at a time, and every one sent recorded (message row and the
 * order's state `sent`) in one statement. Answers each job's error, or undefined.
 */
async function sendConfirmations(
  app: FastifyInstance,
  config: WhatsappConfig,
  jobs: { orderId: string; kind: ConfirmKind }[],
  finishedIn: (ns: number[]) => SQL,
): Promise<unknown[]> {
  const orders = await loadOrders(app, [...new Set(jobs.map((j) => j.orderId))]);
  const errors: unknown[] = jobs.map(() => undefined);
  const sent: { n: number; row: Sent }[] = [];
  let next = 0;
  const sender = async () => {
    while (next < jobs.length) {
      const n = next++;
      const { orderId, kind } = jobs[n];
      const order = orders.get(orderId);
      // Nothing to ask once the order has moved on (or the job outlived its order).
      if (!order || order.status !== "pending") continue;
      if (kind !== "reminder" && !["queued", "failed"].includes(order.confirmationState)) continue;
      if (kind === "reminder" && !["sent", "delivered", "read"].includes(order.confirmationState)) continue;
      const parameters = confirmationParameters(order);
      try {
        const id = await sendTemplate(config, {
          to: whatsappNumber(order.phone),
          template: config.confirmTemplate,
          language: config.templateLanguage,
          bodyParameters: parameters,
          buttonPayloads: [
            buttonPayload(config.appSecret, "confirm", order.id),
            buttonPayload(config.appSecret, "cancel", order.id),
          ],
        });
        const row = { order_id: order.id, kind: kind === "reminder" ? "reminder" : "confirm", wa_message_id: id };
        sent.push({ n, row: { ...row, body: parameters.join(" · ") } });
      } catch (err) {
        errors[n] = err ?? new Error("The message could not be sent");
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, jobs.length) }, sender));
  if (sent.length === 0) return errors;
  try {
    await recordSentMany(
      app,
      sent.map((s) => s.row),
      finishedIn(sent.map((s) => s.n)),
    );
  } catch (err) {
    // Sent but not recorded: retried, so sent again (at least once, decision 006).
    for (const s of sent) errors[s.n] = err ?? new Error("The sent message could not be recorded");
  }
  return errors;
}

/**
 * Records sent confirmation requests, moves their orders to `sent` and marks their jobs done, in
 * one statement.
 */
async function recordSentMany(app: FastifyInstance, sent: Sent[], jobsDone: SQL) {
  const now = app.clock.now().toISOString();
  await app.db.execute(sql`
    with sent as (
      select * from json_to_recordset(${JSON.stringify(sent)}::json)
        as s(order_id uuid, kind text, wa_message_id text, body text)
    ),
    done as (${jobsDone}),
    message as (
      insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body, created_at, updated_at)
      select order_id, 'out', kind, wa_message_id, 'sent', body, ${now}::timestamptz, ${now}::timestamptz from sent
      on conflict do nothing
    )
    update orders set confirmation_state = 'sent', confirmation_updated_at = ${now}::timestamptz
    where id in (select order_id from sent) and confirmation_state in ('queued', 'failed', 'expired')`);
  app.orderEvents.publish();
}

/** After the last attempt: the order shows `failed` and the message says why, for an agent to act. */
async function markFailed(app: FastifyInstance, orderId: string, kind: string, error: unknown) {
  const reason = error instanceof CloudApiError ? error.message : "The message could not be sent";
  const now = app.clock.now().toISOString();
  await app.db.execute(sql`
    with message as (
      insert into whatsapp_messages (order_id, direction, kind, state, error, created_at, updated_at)
      select id, 'out', ${kind}, 'failed', ${reason}, ${now}::timestamptz, ${now}::timestamptz
      from orders where id = ${orderId}::uuid
    )
    update orders set confirmation_state = 'failed', confirmation_updated_at = ${now}::timestamptz
    where id = ${orderId}::uuid and ${kind !== "review" && kind !== "reply"} and confirmation_state = 'queued'`);
  app.orderEvents.publish();
}

function reviewLink(config: WhatsappConfig, order: OutboxOrder & { items: { productId?: number }[] }): string {
  const productId = order.items[0]?.productId;
  return `${config.publicUrl ?? ""}${productId ? `/product/${productId}` : "/"}`;
}

async function sendReviewRequest(app: FastifyInstance, config: WhatsappConfig, orderId: string) {
  const order = await loadOrder(app, orderId);
  if (!order || order.status !== "delivered") return;
  const [sent] = rows(
    await app.db.execute(sql`select 1 from whatsapp_messages
      where order_id = ${orderId}::uuid and direction = 'out' and kind = 'review' and state <> 'failed'`),
  );
  if (sent) return; // once per order
  const link = reviewLink(config, order);
  const id = await sendTemplate(config, {
    to: whatsappNumber(order.phone),
    template: REVIEW_TEMPLATE,
    language: config.templateLanguage,
    bodyParameters: reviewParameters(order, link),
    buttonPayloads: [],
  });
  await recordSent(app, order, "review", id, `Review request: ${link}`, false);
}

/**
 * Every few minutes, on one app server at a time: the reminder after CONFIRM_REMINDER_HOURS, the
 * expiry (or cancellation) after CONFIRM_EXPIRY_HOURS, and the review request a day after delivery.
 */
async function sweep(app: FastifyInstance, config: WhatsappConfig) {
  const now = app.clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const hours = 60 * 60_000;
  const remind = rows<{ id: string }>(
    await app.db.execute(sql`
      select o.id from orders o
      where o.status = 'pending' and o.confirmation_state in ('sent', 'delivered', 'read')
        and o.created_at <= ${ago(config.reminderHours * hours)}::timestamptz
        and o.created_at > ${ago(config.expiryHours * hours)}::timestamptz
        and not exists (select 1 from whatsapp_messages m
                        where m.order_id = o.id and m.direction = 'out' and m.kind = 'reminder')`),
  );
  for (const { id } of remind)
    await enqueueJob(app.db, {
      kind: SEND_CONFIRMATION,
      payload: { orderId: id, kind: "reminder" },
      key: `whatsapp:reminder:${id}`,
      maxAttempts: SEND_ATTEMPTS,
    });

  const cancel = config.autoCancel;
  const expired = rows(
    await app.db.execute(sql`
      with expired as (
        update orders set confirmation_state = 'expired', confirmation_updated_at = ${now.toISOString()}::timestamptz,
          status = case when ${cancel} then 'cancelled' else status end
        where status = 'pending' and confirmation_state in ('queued', 'sent', 'delivered', 'read', 'failed')
          and created_at <= ${ago(config.expiryHours * hours)}::timestamptz
        returning id, status
      ),
      event as (
        insert into order_status_events (order_id, status, actor)
        select id, 'cancelled', 'system: not confirmed on WhatsApp' from expired where status = 'cancelled'
      )
      select id from expired`),
  );
  if (expired.length > 0) app.orderEvents.publish();

  const delivered = rows<{ id: string }>(
    await app.db.execute(sql`
      select o.id from orders o
      where o.status = 'delivered'
        and exists (select 1 from order_status_events e where e.order_id = o.id and e.status = 'delivered'
                      and e.created_at <= ${ago(REVIEW_AFTER_MS)}::timestamptz
                      and e.created_at > ${ago(REVIEW_AFTER_MS + 7 * 24 * hours)}::timestamptz)
        and not exists (select 1 from whatsapp_messages m
                        where m.order_id = o.id and m.direction = 'out' and m.kind = 'review')`),
  );
  for (const { id } of delivered)
    await enqueueJob(app.db, {
      kind: SEND_REVIEW_REQUEST,
      payload: { orderId: id },
      key: `whatsapp:review:${id}`,
      maxAttempts: SEND_ATTEMPTS,
    });
}

/** Registers the outbox's senders and its sweep with the job runner (only when WhatsApp is on). */
export function registerOutbox(app: FastifyInstance, config: WhatsappConfig): void {
  app.jobs.registerBatch(
    SEND_CONFIRMATION,
    (jobs, finishedIn) =>
      sendConfirmations(
        app,
        config,
        jobs.map(({ payload }) => ({ orderId: String(payload.orderId), kind: payload.kind as ConfirmKind })),
        finishedIn,
      ),
    { onFailed: (payload, error) => markFailed(app, String(payload.orderId), String(payload.kind), error) },
  );
  app.jobs.register(
    SEND_REPLY,
    async (payload) => {
      const id = await sendText(config, String(payload.to), String(payload.text));
      const now = app.clock.now().toISOString();
      await app.db.execute(sql`
        insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body, created_at, updated_at)
        select id, 'out', 'reply', ${id}, 'sent', ${String(payload.text)}, ${now}::timestamptz, ${now}::timestamptz
        from orders where id = ${String(payload.orderId)}::uuid`);
    },
    { onFailed: (payload, error) => markFailed(app, String(payload.orderId), "reply", error) },
  );
  app.jobs.register(SEND_REVIEW_REQUEST, (payload) => sendReviewRequest(app, config, String(payload.orderId)), {
    onFailed: (payload, error) => markFailed(app, String(payload.orderId), "review", error),
  });
  app.jobs.every(SWEEP, SWEEP_EVERY_MS, () => sweep(app, config));
}
