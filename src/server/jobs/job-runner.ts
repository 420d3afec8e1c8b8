import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { redactForLog } from "../lib/redact-log.js";
import type { Clock } from "./clock.js";
import { enqueueJob } from "./jobs.js";
import { Lease } from "./lease.js";
import { rowsOf } from "../db/rows.js";

export interface JobInfo {
  id: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;

/**
 * Runs several claimed jobs of one kind at once (e.g. one read and one write for many messages):
 * answers, in the same order, each job's error, or undefined for a job done.
 *
 * `finishedIn(ns)` gives an UPDATE (for a data-modifying CTE) that marks the jobs at those
 * positions done: put in the handler's own write, a job is done exactly when its work is recorded
 * (a crash between the two can no longer repeat it), and the runner writes nothing more for it.
 * If that write fails, answer those jobs' error: nothing was committed and they are retried.
 */
export type BatchHandler = (
  jobs: { payload: Record<string, unknown>; job: JobInfo }[],
  finishedIn: (ns: number[]) => SQL,
) => Promise<unknown[]>;

/**
 * Drains a queue kept in a table of its own rather than in `jobs` (e.g. the orders waiting for
 * their confirmation message): handles at most `limit` of its due items, retries included, and
 * answers how many it took. The runner calls it again while it answers `limit`.
 */
export type QueueDrain = (limit: number) => Promise<number>;

export interface HandlerOptions {
  /** Overrides the attempts the job was enqueued with. */
  maxAttempts?: number;
  /** Runs once when the last attempt has failed (e.g. to mark a message failed). */
  onFailed?: (payload: Record<string, unknown>, error: unknown) => Promise<void>;
}

export interface JobRunnerOptions {
  clock: Clock;
  log?: FastifyBaseLogger;
  /** How often an idle runner looks for due jobs. */
  pollMs?: number;
  /** How long a claimed job is this server's; after that another server may take it over. */
  leaseMs?: number;
  /** Jobs claimed and run at once. */
  batchSize?: number;
  /**
   * After a look at the queue, how long a `wake()` waits before the next one, so that under load
   * the jobs enqueued meanwhile are claimed together rather than one claim each.
   */
  gatherMs?: number;
}

/** Jobs with a handler of their own run this many at a time. */
const PARALLEL_JOBS = 10;

interface Registered extends HandlerOptions {
  handler?: JobHandler;
  batchHandler?: BatchHandler;
  /** Set for recurring jobs: the row goes back to the queue this long after each run. */
  everyMs?: number;
}

interface Queue {
  drain: QueueDrain;
  /** Held while draining, so one app server at a time drains the queue. */
  lease: Lease;
  /** This runner's drain under way, if any: a second one waits for it instead. */
  running?: Promise<number>;
  /** A drain asked for while one was under way: it starts when that one ends (drainQueueSoon). */
  next?: Promise<number>;
}

interface Outcome {
  id: number;
  row: ClaimedRow;
  entry: Registered;
  payload: Record<string, unknown>;
  maxAttempts: number;
  /** undefined: done. */
  error: unknown;
  /** Marked done by its batch handler's own statement (see BatchHandler). */
  finishedByHandler?: boolean;
}

interface ClaimedRow {
  id: number | string;
  kind: string;
  payload: Record<string, unknown> | string;
  attempts: number;
  max_attempts: number;
  /** This claim's lease: finishing only counts while the job is still ours. */
  locked_until: string | Date;
}

/** 30 s, 1 min, 2 min … capped at an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);
}

const DONE_KEPT_MS = 7 * 24 * 60 * 60_000;

/** The key of a recurring job's one row (its last run's error stays in it). */
export const recurringJobKey = (kind: string) => `every:${kind}`;

/**
 * Runs the durable jobs of the `jobs` table (decision 006). Each job is claimed by one server at
 * a time with `FOR UPDATE SKIP LOCKED` and a lease; a server that dies mid-job leaves it to be
 * taken over when the lease runs out. All times come from the clock, so tests move time by hand.
 */
export class JobRunner {
  private readonly handlers = new Map<string, Registered>();
  private readonly queues = new Map<string, Queue>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly gatherMs: number;
  private lastLook = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private started = false;
  private wakeAgain = false;
  private recurringScheduled = false;

  constructor(
    private readonly db: Db,
    private readonly options: JobRunnerOptions,
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.batchSize = options.batchSize ?? 50;
    this.gatherMs = options.gatherMs ?? 100;
    this.every("jobs.prune", 60 * 60_000, () => this.prune());
  }

  register(kind: string, handler: JobHandler, options: HandlerOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`A job handler for "${kind}" is registered twice`);
    this.handlers.set(kind, { ...options, handler });
  }

  /** Like `register`, for a handler that runs the claimed jobs of its kind together. */
  registerBatch(kind: string, batchHandler: BatchHandler, options: HandlerOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`A job handler for "${kind}" is registered twice`);
    this.handlers.set(kind, { ...options, batchHandler });
  }

  /**
   * A queue kept in another table, drained at every look for due jobs (and so at a `wake()`) by
   * one app server at a time: a server takes the queue's lease, drains it batch by batch (the
   * lease renewed before each batch) and gives the lease up when nothing is due. A server that
   * stops mid-drain leaves the queue to the others when its lease runs out.
   */
  registerQueue(name: string, drain: QueueDrain): void {
    if (this.queues.has(name)) throw new Error(`A queue "${name}" is registered twice`);
    this.queues.set(name, { drain, lease: new Lease(this.db, `queue:${name}`) });
  }

  /**
   * Drains one queue now, whether or not the runner polls (e.g. right after a row was added to
   * it): the promise settles after a drain that began after the call, so what was added before is
   * handled, unless another app server holds the queue's lease (it drains it then).
   */
  drainQueueSoon(name: string): Promise<number> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`No queue "${name}" is registered`);
    if (!queue.running) return this.drainQueue(queue, false);
    queue.next ??= queue.running.then(() => {
      queue.next = undefined;
      return this.drainQueue(queue, false);
    });
    return queue.next;
  }

  /** A job that runs every `intervalMs`, once at a time across all app servers. */
  every(kind: string, intervalMs: number, run: () => Promise<void>): void {
    this.register(kind, () => run(), { maxAttempts: Number.MAX_SAFE_INTEGER });
    this.handlers.get(kind)!.everyMs = intervalMs;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.wake();
  }

  /** Stops polling and waits for the jobs under way. */
  async stop(): Promise<void> {
    this.started = false;
    this.gathering = false;
    clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Looks for due jobs soon rather than at the next poll (e.g. right after enqueueing one): at
   * once when the runner has been idle, else `gatherMs` after its last look, so a burst of
   * enqueues is claimed in a few batches.
   */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    const wait = this.lastLook + this.gatherMs - Date.now();
    if (wait > 0) {
      if (this.gathering) return;
      this.gathering = true;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.gathering = false;
        this.look();
      }, wait);
      this.timer.unref();
      return;
    }
    this.look();
  }

  private gathering = false;

  private look(): void {
    if (!this.started || this.running) return;
    clearTimeout(this.timer);
    this.gathering = false;
    this.lastLook = Date.now();
    this.running = this.drain(true)
      .then(() => undefined)
      .catch((err) => this.options.log?.error({ err }, "job runner: polling failed"))
      .finally(() => {
        this.running = undefined;
        if (!this.started) return;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  /** Runs every job due at the clock's time until none is left; returns how many ran. */
  async runDue(): Promise<number> {
    return this.drain();
  }

  /**
   * Drains the queues, then claims and runs batches of jobs until nothing is due. The polling
   * loop (`untilStopped`) stops when stopped, and after a batch that was not full: what arrives
   * meanwhile waits for a `wake()` or the poll, to be claimed together.
   */
  private async drain(untilStopped = false): Promise<number> {
    await this.scheduleRecurring();
    let total = 0;
    for (const [name, queue] of this.queues)
      total += await this.drainQueue(queue, untilStopped).catch((err) => {
        // Left as it is, for the next look: the jobs still run.
        this.options.log?.error({ err: redactForLog(err), queue: name }, "job runner: draining a queue failed");
        return 0;
      });
    for (;;) {
      if (untilStopped && !this.started) return total;
      const batch = await this.claim();
      if (batch.length === 0) return total;
      await this.runBatch(batch);
      total += batch.length;
      if (untilStopped && batch.length < this.batchSize) return total;
    }
  }

  /** Drains one queue under its lease; 0 when another server holds the lease. */
  private drainQueue(queue: Queue, untilStopped: boolean): Promise<number> {
    if (queue.running) return queue.running.then(() => 0);
    const leaseEnd = () => new Date(this.options.clock.now().getTime() + this.leaseMs);
    const run = async () => {
      let total = 0;
      if (!(await queue.lease.take(this.options.clock.now(), leaseEnd()))) return 0;
      try {
        for (;;) {
          const took = await queue.drain(this.batchSize);
          total += took;
          if (took < this.batchSize || (untilStopped && !this.started)) return total;
          // Still ours for the next batch; else another server took the queue over after our lease.
          if (!(await queue.lease.take(this.options.clock.now(), leaseEnd()))) return total;
        }
      } finally {
        await queue.lease
          .release()
          .catch((err) => this.options.log?.error({ err: redactForLog(err) }, "job runner: a queue's lease was kept"));
      }
    };
    queue.running = run().finally(() => (queue.running = undefined));
    return queue.running;
  }

  /** Runs a claimed batch: each batch handler once with its jobs, other jobs a few at a time. */
  private async runBatch(batch: ClaimedRow[]): Promise<void> {
    const outcomes: Outcome[] = [];
    const singles: ClaimedRow[] = [];
    const byKind = new Map<string, ClaimedRow[]>();
    for (const row of batch) {
      if (!this.handlers.get(row.kind)!.batchHandler) singles.push(row);
      else byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
    }
    const work: Promise<void>[] = [...byKind.values()].map(
      async (rows) => void outcomes.push(...(await this.runKind(rows))),
    );
    let next = 0;
    const worker = async () => {
      while (next < singles.length) outcomes.push(await this.run(singles[next++]));
    };
    work.push(...Array.from({ length: Math.min(PARALLEL_JOBS, singles.length) }, worker));
    await Promise.all(work);
    await this.finishAll(outcomes);
  }

  /** Each recurring job has one row for ever, made on the first pass (its key dedupes servers). */
  private async scheduleRecurring(): Promise<void> {
    if (this.recurringScheduled) return;
    for (const [kind, entry] of this.handlers) {
      if (entry.everyMs === undefined) continue;
      await enqueueJob(this.db, { kind, payload: {}, key: recurringJobKey(kind), runAt: this.options.clock.now() });
    }
    this.recurringScheduled = true;
  }

  private async claim(): Promise<ClaimedRow[]> {
    const now = this.options.clock.now();
    const leaseEnd = new Date(now.getTime() + this.leaseMs);
    const kinds = [...this.handlers.keys()];
    const result = await this.db.execute(
      sql`update jobs set state = 'running', attempts = attempts + 1, locked_until = ${leaseEnd.toISOString()}::timestamptz
        where id in (
          select id from jobs
          where kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            and ((state = 'queued' and run_at <= ${now.toISOString()}::timestamptz)
              or (state = 'running' and locked_until < ${now.toISOString()}::timestamptz))
          order by run_at, id
          limit ${this.batchSize}
          for update skip locked)
        returning id, kind, payload, attempts, max_attempts, locked_until`,
    );
    return rowsOf<ClaimedRow>(result);
  }

  private prepare(row: ClaimedRow) {
    const entry = this.handlers.get(row.kind)!;
    const id = Number(row.id);
    const payload = (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<
      string,
      unknown
    >;
    const maxAttempts = entry.maxAttempts ?? row.max_attempts;
    const outcome: Outcome = { id, row, entry, payload, maxAttempts, error: undefined };
    if (row.attempts > maxAttempts)
      outcome.error = new Error("the job's server stopped while running it, too many times");
    return outcome;
  }

  private async run(row: ClaimedRow): Promise<Outcome> {
    const outcome = this.prepare(row);
    if (outcome.error !== undefined) return outcome;
    try {
      await outcome.entry.handler!(outcome.payload, { id: outcome.id, kind: row.kind, attempt: row.attempts });
    } catch (err) {
      outcome.error = err ?? new Error("job failed");
    }
    return outcome;
  }

  /** One kind's jobs through its batch handler; a throw counts as every job's error. */
  private async runKind(rows: ClaimedRow[]): Promise<Outcome[]> {
    const outcomes = rows.map((row) => this.prepare(row));
    const runnable = outcomes.filter((o) => o.error === undefined);
    if (runnable.length === 0) return outcomes;
    const finishedIn = (ns: number[]) => {
      const chosen = ns.map((n) => runnable[n]);
      for (const o of chosen) o.finishedByHandler = true;
      return this.doneSql(chosen);
    };
    try {
      const errors = await runnable[0].entry.batchHandler!(
        runnable.map((o) => ({ payload: o.payload, job: { id: o.id, kind: o.row.kind, attempt: o.row.attempts } })),
        finishedIn,
      );
      runnable.forEach(
        (o, n) => (o.error = errors[n] === undefined ? undefined : (errors[n] ?? new Error("job failed"))),
      );
    } catch (err) {
      for (const o of runnable) o.error = err ?? new Error("job failed");
    }
    return outcomes;
  }

  /** Marks jobs done, only those still ours: another server took over any whose lease ran out, and its run counts. */
  private doneSql(done: Outcome[]): SQL {
    const now = this.options.clock.now().toISOString();
    const leases = JSON.stringify(done.map((o) => ({ id: o.id, lease: new Date(o.row.locked_until).toISOString() })));
    return sql`update jobs j set state = 'done', locked_until = null, last_error = null,
          finished_at = ${now}::timestamptz
        from json_to_recordset(${leases}::json) as l(id bigint, lease timestamptz)
        where j.id = l.id and j.state = 'running' and j.locked_until = l.lease`;
  }

  /**
   * Jobs done (not recurring) are finished in one statement, unless their handler's own statement
   * already did; the others one by one.
   */
  private async finishAll(outcomes: Outcome[]): Promise<void> {
    const done = outcomes.filter((o) => o.error === undefined && o.entry.everyMs === undefined);
    const left = done.filter((o) => !o.finishedByHandler);
    if (left.length > 0) await this.db.execute(this.doneSql(left));
    for (const o of outcomes)
      if (!done.includes(o)) await this.finish(o.id, o.row, o.entry, o.payload, o.maxAttempts, o.error);
  }

  private async finish(
    id: number,
    row: ClaimedRow,
    entry: Registered,
    payload: Record<string, unknown>,
    maxAttempts: number,
    error: unknown,
  ): Promise<void> {
    const now = this.options.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    // Another server took the job over after our lease ran out: its run is the one that counts.
    const ours = sql`id = ${id} and state = 'running' and locked_until = ${new Date(row.locked_until).toISOString()}::timestamptz`;
    // Kept in the job's row and logged: a failed query's values are redacted from it.
    const message =
      error === undefined ? null : String(error instanceof Error ? redactForLog(error).message : error).slice(0, 1000);
    if (entry.everyMs !== undefined) {
      if (message) this.options.log?.error({ kind: row.kind, error: message }, "recurring job failed");
      await this.db.execute(sql`update jobs set state = 'queued', attempts = 0, locked_until = null,
        run_at = ${at(entry.everyMs)}::timestamptz, last_error = ${message} where ${ours}`);
    } else if (message === null) {
      await this.db.execute(sql`update jobs set state = 'done', locked_until = null, last_error = null,
        finished_at = ${now.toISOString()}::timestamptz where ${ours}`);
    } else if (row.attempts < maxAttempts) {
      this.options.log?.warn({ kind: row.kind, id, attempt: row.attempts, error: message }, "job failed; will retry");
      await this.db.execute(sql`update jobs set state = 'queued', locked_until = null, last_error = ${message},
        run_at = ${at(retryDelayMs(row.attempts))}::timestamptz where ${ours}`);
    } else {
      this.options.log?.error({ kind: row.kind, id, error: message }, "job failed for the last time");
      const failed = await this.db.execute(sql`update jobs set state = 'failed', locked_until = null,
        last_error = ${message}, finished_at = ${now.toISOString()}::timestamptz where ${ours} returning id`);
      if (rowsOf(failed).length === 0) return;
      await entry
        .onFailed?.(payload, error)
        ?.catch((err) => this.options.log?.error({ err, kind: row.kind, id }, "a failed job's clean-up failed"));
    }
  }

  private async prune(): Promise<void> {
    const before = new Date(this.options.clock.now().getTime() - DONE_KEPT_MS).toISOString();
    await this.db.execute(
      sql`delete from jobs where state in ('done', 'failed') and finished_at < ${before}::timestamptz`,
    );
  }
}
