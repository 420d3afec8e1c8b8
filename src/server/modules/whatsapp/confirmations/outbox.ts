import { sql, type SQL } from "drizzle-orm";
import { AWAITING_ANSWER, REQUEST_SENT } from "@shared/rules/confirmation.js";
import { queryRows, rowsOf } from "../../../db/rows.js";
import { sqlList } from "../../../db/sql-list.js";
import type { FastifyInstance } from "fastify";
import { whatsappNumber } from "@shared/rules/phone.js";
import { retryDelayMs } from "../../../jobs/job-runner.js";
import { enqueueJob } from "../../../jobs/jobs.js";
import { redactForLog } from "../../../lib/redact-log.js";
import type { OrderExtras } from "../../order-core/index.js";
import { CloudApiError, sendTemplate, sendText } from "../cloud-api/cloud-api.js";
import { SendThread } from "../cloud-api/send-thread.js";
import { confirmationParameters, REVIEW_TEMPLATE, reviewParameters, type TemplateOrder } from "./templates.js";
import { reviewLinkToken } from "../../reviews/index.js";
import type { WhatsappConfig } from "../whatsapp-config.js";

/** The queue of first confirmation requests (and resends): the orders themselves. */
export const CONFIRMATIONS = "whatsapp.confirmations";
/** Job kinds for the other messages; each job names one message to send. */
export const SEND_REMINDER = "whatsapp.reminder";
export const SEND_REPLY = "whatsapp.reply";
export const SEND_REVIEW_REQUEST = "whatsapp.review";
export const SWEEP = "whatsapp.sweep";
/** Attempts per message: 30 s, 1, 2, 4 min apart (the runner's backoff), then failed. */
export const SEND_ATTEMPTS = 5;
export const SWEEP_EVERY_MS = 5 * 60_000;
export const REVIEW_AFTER_MS = 24 * 60 * 60_000;

type ConfirmKind = "confirm" | "reminder";

/** Confirmation requests sent automatically to one phone number in a day (CONTRACT.md); more wait for an agent. */
export const CONFIRMATIONS_PER_PHONE_PER_DAY = 2;

/**
 * A new order's confirmation request: the order itself is its outbox entry (`queued`, drained by
 * `drainConfirmations`), so it is written by the order's own INSERT and nothing else. A web
 * order held for an agent (high risk) is `held` and not messaged; an order a staff member takes
 * and asks to confirm is theirs to send, past the automatic limits.
 */
export function confirmationOnPlacement(
  config: WhatsappConfig | undefined,
  placedBy: { heldForAgent: boolean } | "staff",
): Pick<OrderExtras, "confirmationState" | "confirmationByAgent"> {
  if (!config) return { confirmationState: "off" };
  if (placedBy === "staff") return { confirmationState: "queued", confirmationByAgent: true };
  return { confirmationState: placedBy.heldForAgent ? "held" : "queued" };
}

interface OutboxOrder extends TemplateOrder {
  status: string;
  phone: string;
  confirmationState: string;
  /** Failed sends of its confirmation request so far. */
  attempts: number;
}

const outboxColumns = sql`o.id, o.status, o.customer_name, o.customer_phone, o.city, o.total::text as total,
  o.confirmation_state, o.confirmation_attempts,
  coalesce((select json_agg(json_build_object('productName', i.product_name, 'size', i.size, 'color', i.color, 'options', i.options,
             'quantity', i.quantity, 'productId', i.product_id) order by i.id)
            from order_items i where i.order_id = o.id), '[]'::json) as items`;

const toOutboxOrder = (row: Record<string, unknown>): OutboxOrder => ({
  id: String(row.id),
  status: String(row.status),
  customerName: String(row.customer_name),
  phone: String(row.customer_phone),
  city: String(row.city),
  total: String(row.total),
  confirmationState: String(row.confirmation_state),
  attempts: Number(row.confirmation_attempts),
  items: (typeof row.items === "string" ? JSON.parse(row.items) : row.items) as OutboxOrder["items"],
});

/** The orders the outbox writes about (those `where` picks, in its order), read in one query. */
async function loadOrders(app: FastifyInstance, where: SQL): Promise<OutboxOrder[]> {
  const found = rowsOf<Record<string, unknown>>(
    await app.db.execute(sql`select ${outboxColumns} from orders o where ${where}`),
  );
  return found.map(toOutboxOrder);
}

/**
 * Up to `limit` orders whose confirmation request is due, oldest first, read in the same
 * statement that holds for an agent those the store must not message by itself (CONTRACT.md,
 * "Guarding the shop's number"): a high-risk order, and a phone number's third request within a
 * day (requests sent in the last 24 hours, then this batch's in order). Orders an agent asked to
 * send are sent and counted. The queue is drained by one server at a time (its lease), so two
 * orders of one number are never both judged the second.
 */
async function loadDue(app: FastifyInstance, limit: number): Promise<(OutboxOrder & { hold: boolean })[]> {
  const now = app.clock.now();
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  const found = rowsOf<Record<string, unknown>>(
    await app.db.execute(sql`
      with due as (
        select o.id, o.phone_key, o.created_at, o.confirmation_by_agent as by_agent, o.risk_level = 'high' as high
        from orders o
        where o.confirmation_state = 'queued' and o.status = 'pending'
          and (o.confirmation_retry_at is null or o.confirmation_retry_at <= ${now.toISOString()}::timestamptz)
        order by o.created_at, o.id limit ${limit}
      ),
      judged as (
        select d.id, d.created_at, not d.by_agent and (d.high or
          (select count(*) from orders p join whatsapp_messages m on m.order_id = p.id
            where p.phone_key = d.phone_key and m.direction = 'out' and m.kind = 'confirm' and m.state <> 'failed'
              and m.created_at > ${dayAgo}::timestamptz)
          + count(*) filter (where d.by_agent or not d.high) over (partition by d.phone_key order by d.created_at, d.id)
          > ${CONFIRMATIONS_PER_PHONE_PER_DAY}::int) as hold
        from due d
      ),
      held as (
        update orders set confirmation_state = 'held', confirmation_updated_at = ${now.toISOString()}::timestamptz
        where id in (select id from judged where hold) and confirmation_state = 'queued'
      )
      select ${outboxColumns}, j.hold from judged j join orders o on o.id = j.id order by j.created_at, j.id`),
  );
  return found.map((row) => ({ ...toOutboxOrder(row), hold: Boolean(row.hold) }));
}

const withIds = (orderIds: string[]) =>
  sql`o.id in (select value::uuid from json_array_elements_text(${JSON.stringify(orderIds)}::json))`;

async function loadOrder(app: FastifyInstance, orderId: string): Promise<OutboxOrder | null> {
  return (await loadOrders(app, withIds([orderId])))[0] ?? null;
}

/** Records a message sent outside the confirmation loop (a reply, a review request). */
async function recordMessage(app: FastifyInstance, orderId: string, kind: string, waMessageId: string, body: string) {
  const now = app.clock.now().toISOString();
  await app.db.execute(sql`
    insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body, created_at, updated_at)
    select id, 'out', ${kind}, ${waMessageId}, 'sent', ${body}, ${now}::timestamptz, ${now}::timestamptz
    from orders where id = ${orderId}::uuid
    on conflict do nothing`);
}

/**
 * Confirmation requests in flight at once. Sixteen keep a burst's requests (and their answers)
 * together, which costs less per message than waves of eight, and stay under Meta's default
 * throughput of 80 messages a second at the Cloud API's usual few hundred milliseconds per call.
 */
const PARALLEL_SENDS = 16;

interface Sent {
  order_id: string;
  kind: ConfirmKind;
  wa_message_id: string;
  body: string;
}

/**
 * Sends the confirmation template (first request, resend or reminder) for each order, from the
 * sending thread. Answers the messages sent, and each order's error (or undefined), in the
 * orders' order.
 */
async function sendConfirmations(
  thread: SendThread,
  config: WhatsappConfig,
  orders: OutboxOrder[],
  kind: ConfirmKind,
): Promise<{ sent: (Sent & { n: number })[]; errors: unknown[] }> {
  const parameters = orders.map((order) => confirmationParameters(order));
  const results = await thread.send(
    config,
    orders.map((order, n) => ({ to: whatsappNumber(order.phone), orderId: order.id, bodyParameters: parameters[n] })),
    PARALLEL_SENDS,
  );
  const sent: (Sent & { n: number })[] = [];
  const errors = results.map((result, n) => {
    if (result instanceof CloudApiError) return result;
    sent.push({ n, order_id: orders[n].id, kind, wa_message_id: result, body: parameters[n].join(" · ") });
    return undefined;
  });
  return { sent, errors };
}

/**
 * Records sent confirmation requests and moves their orders from `queued` to `sent`, in one
 * statement (with `alsoDone`, a data-modifying CTE such as the jobs that sent them being done).
 */
async function recordSentMany(app: FastifyInstance, sent: Sent[], alsoDone?: SQL) {
  const now = app.clock.now().toISOString();
  // json_to_recordset reads the four fields named below and nothing else of each entry.
  await app.db.execute(sql`
    with sent as (
      select * from json_to_recordset(${JSON.stringify(sent)}::json)
        as s(order_id uuid, kind text, wa_message_id text, body text)
    ),
    ${alsoDone ? sql`done as (${alsoDone}),` : sql``}
    message as (
      insert into whatsapp_messages (order_id, direction, kind, wa_message_id, state, body, created_at, updated_at)
      select order_id, 'out', kind, wa_message_id, 'sent', body, ${now}::timestamptz, ${now}::timestamptz from sent
      on conflict do nothing
    )
    update orders set confirmation_state = 'sent', confirmation_updated_at = ${now}::timestamptz,
      confirmation_retry_at = null
    where id in (select order_id from sent) and confirmation_state = 'queued'`);
  await app.orderCore.changed({ touched: sent.map((s) => s.order_id) });
}

/**
 * The confirmation outbox (decision 029): up to `limit` pending orders whose request is due are
 * read in one query (oldest first), sent by the sending thread, and every one sent recorded
 * (message row, the order `sent`) in one statement. A failed send waits 30 s, 1, 2, 4 min (the job
 * runner's backoff) on the order itself; after SEND_ATTEMPTS the order shows `failed`. Run by the
 * job runner under the queue's lease, so by one app server at a time; answers how many it took.
 */
async function drainConfirmations(
  app: FastifyInstance,
  thread: SendThread,
  config: WhatsappConfig,
  limit: number,
): Promise<number> {
  const taken = await loadDue(app, limit);
  await app.orderCore.changed({ touched: taken.filter((o) => o.hold).map((o) => o.id) });
  const due = taken.filter((o) => !o.hold);
  if (due.length === 0) return taken.length;
  const { sent, errors } = await sendConfirmations(thread, config, due, "confirm");
  if (sent.length > 0)
    try {
      await recordSentMany(app, sent);
    } catch (err) {
      // Sent but not recorded: sent again on the next try (at least once, decision 006).
      for (const s of sent) errors[s.n] = err ?? new Error("The sent message could not be recorded");
    }
  for (const [n, error] of errors.entries()) if (error !== undefined) await retryOrFail(app, due[n], error);
  return taken.length;
}

/** A confirmation request that was not sent: tried again after the backoff, or at the last attempt marked failed. */
async function retryOrFail(app: FastifyInstance, order: OutboxOrder, error: unknown) {
  const attempt = order.attempts + 1;
  const message = error instanceof CloudApiError ? error.message : redactForLog(error).message;
  if (attempt >= SEND_ATTEMPTS) {
    app.log.error({ orderId: order.id, attempt, error: message }, "confirmation request failed for the last time");
    await markFailed(app, order.id, "confirm", error, attempt);
    return;
  }
  app.log.warn({ orderId: order.id, attempt, error: message }, "confirmation request failed; will retry");
  const retryAt = new Date(app.clock.now().getTime() + retryDelayMs(attempt)).toISOString();
  await app.db.execute(sql`update orders set confirmation_attempts = ${attempt},
      confirmation_retry_at = ${retryAt}::timestamptz
    where id = ${order.id}::uuid and confirmation_state = 'queued'`);
}

/** The reminders of one claimed batch of jobs: sent, recorded and their jobs done in one statement. */
async function sendReminders(
  app: FastifyInstance,
  thread: SendThread,
  config: WhatsappConfig,
  orderIds: string[],
  finishedIn: (ns: number[]) => SQL,
): Promise<unknown[]> {
  const found = new Map((await loadOrders(app, withIds(orderIds))).map((o) => [o.id, o]));
  // Nothing to remind of once the order has moved on (or the job outlived its order).
  const jobsToSend = orderIds.flatMap((id, n) => {
    const order = found.get(id);
    const waiting = order?.status === "pending" && ["sent", "delivered", "read"].includes(order.confirmationState);
    return waiting ? [{ n, order }] : [];
  });
  const { sent, errors } = await sendConfirmations(
    thread,
    config,
    jobsToSend.map((j) => j.order),
    "reminder",
  );
  const jobErrors: unknown[] = orderIds.map(() => undefined);
  jobsToSend.forEach((j, k) => (jobErrors[j.n] = errors[k]));
  if (sent.length === 0) return jobErrors;
  const sentJobs = sent.map((s) => jobsToSend[s.n].n);
  try {
    await recordSentMany(app, sent, finishedIn(sentJobs));
  } catch (err) {
    // Sent but not recorded: retried, so sent again (at least once, decision 006).
    for (const n of sentJobs) jobErrors[n] = err ?? new Error("The sent message could not be recorded");
  }
  return jobErrors;
}

/** After the last attempt: the order shows `failed` and the message says why, for an agent to act. */
async function markFailed(app: FastifyInstance, orderId: string, kind: string, error: unknown, attempts?: number) {
  const reason = error instanceof CloudApiError ? error.message : "The message could not be sent";
  const now = app.clock.now().toISOString();
  await app.db.execute(sql`
    with message as (
      insert into whatsapp_messages (order_id, direction, kind, state, error, created_at, updated_at)
      select id, 'out', ${kind}, 'failed', ${reason}, ${now}::timestamptz, ${now}::timestamptz
      from orders where id = ${orderId}::uuid
    )
    update orders set confirmation_state = 'failed', confirmation_updated_at = ${now}::timestamptz,
      confirmation_attempts = coalesce(${attempts ?? null}::int, confirmation_attempts), confirmation_retry_at = null
    where id = ${orderId}::uuid and ${kind === "confirm"} and confirmation_state = 'queued'`);
  await app.orderCore.changed({ touched: [orderId] });
}

/** The product page with the review dialog open; the signed token proves the order (decision 013). */
function reviewLink(config: WhatsappConfig, order: OutboxOrder & { items: { productId?: number }[] }): string {
  const productId = order.items[0]?.productId;
  const token = reviewLinkToken(config.appSecret, order.id);
  return `${config.publicUrl ?? ""}${productId ? `/product/${productId}` : "/"}?review=${token}`;
}

async function sendReviewRequest(app: FastifyInstance, config: WhatsappConfig, orderId: string) {
  const order = await loadOrder(app, orderId);
  if (!order || order.status !== "delivered") return;
  const [sent] = rowsOf(
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
  await recordMessage(app, order.id, "review", id, `Review request: ${link}`);
}

/**
 * Every few minutes, on one app server at a time: the reminder after CONFIRM_REMINDER_HOURS, the
 * expiry (or cancellation) after CONFIRM_EXPIRY_HOURS, and the review request a day after delivery.
 */
async function sweep(app: FastifyInstance, config: WhatsappConfig) {
  const now = app.clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const hours = 60 * 60_000;
  const remind = rowsOf<{ id: string }>(
    await app.db.execute(sql`
      select o.id from orders o
      where o.status = 'pending' and o.confirmation_state in ${sqlList(REQUEST_SENT)}
        and o.created_at <= ${ago(config.reminderHours * hours)}::timestamptz
        and o.created_at > ${ago(config.expiryHours * hours)}::timestamptz
        and not exists (select 1 from whatsapp_messages m
                        where m.order_id = o.id and m.direction = 'out' and m.kind = 'reminder')`),
  );
  for (const { id } of remind)
    await enqueueJob(app.db, {
      kind: SEND_REMINDER,
      payload: { orderId: id },
      key: `whatsapp:reminder:${id}`,
      maxAttempts: SEND_ATTEMPTS,
    });

  // Unanswered at the expiry: marked expired, and cancelled when AUTO_CANCEL_UNCONFIRMED says so.
  const unanswered = sql`o.status = 'pending' and o.confirmation_state in ${sqlList(AWAITING_ANSWER)}
    and o.created_at <= ${ago(config.expiryHours * hours)}::timestamptz`;
  const expired = sql`confirmation_state = 'expired', confirmation_updated_at = ${now.toISOString()}::timestamptz`;
  await app.orderCore.write(async (w) => {
    const due = await queryRows<{ id: string }>(w.tx, sql`select o.id from orders o where ${unanswered}`);
    const ids = due.map((r) => String(r.id));
    if (config.autoCancel) {
      await w.changeStatus({
        orderIds: ids,
        to: "cancelled",
        actor: "system: not confirmed on WhatsApp",
        where: unanswered,
        alsoSet: expired,
      });
    } else if (ids.length > 0) {
      await w.tx.execute(sql`update orders o set ${expired} where ${unanswered}`);
      w.touched(ids);
    }
  });

  const delivered = rowsOf<{ id: string }>(
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

/** Registers the outbox, the other senders and the sweep with the job runner (only when WhatsApp is on). */
export function registerOutbox(app: FastifyInstance, config: WhatsappConfig): void {
  const thread = new SendThread();
  app.addHook("onClose", () => thread.close());
  app.jobs.registerQueue(CONFIRMATIONS, (limit) => drainConfirmations(app, thread, config, limit));
  app.jobs.registerBatch(
    SEND_REMINDER,
    (jobs, finishedIn) =>
      sendReminders(
        app,
        thread,
        config,
        jobs.map(({ payload }) => String(payload.orderId)),
        finishedIn,
      ),
    { onFailed: (payload, error) => markFailed(app, String(payload.orderId), "reminder", error) },
  );
  app.jobs.register(
    SEND_REPLY,
    async (payload) => {
      const id = await sendText(config, String(payload.to), String(payload.text));
      await recordMessage(app, String(payload.orderId), "reply", id, String(payload.text));
    },
    { onFailed: (payload, error) => markFailed(app, String(payload.orderId), "reply", error) },
  );
  app.jobs.register(SEND_REVIEW_REQUEST, (payload) => sendReviewRequest(app, config, String(payload.orderId)), {
    onFailed: (payload, error) => markFailed(app, String(payload.orderId), "review", error),
  });
  app.jobs.every(SWEEP, SWEEP_EVERY_MS, () => sweep(app, config));
}
