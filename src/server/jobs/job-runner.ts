import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import type { Clock } from "./clock.js";
import { enqueueJob } from "./jobs.js";

export interface JobInfo {
  id: number;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobInfo) => Promise<void>;

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
}

interface Registered extends HandlerOptions {
  handler: JobHandler;
  /** Set for recurring jobs: the row goes back to the queue this long after each run. */
  everyMs?: number;
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

/**
 * Runs the durable jobs of the `jobs` table (decision 006). Each job is claimed by one server at
 * a time with `FOR UPDATE SKIP LOCKED` and a lease; a server that dies mid-job leaves it to be
 * taken over when the lease runs out. All times come from the clock, so tests move time by hand.
 */
export class JobRunner {
  private readonly handlers = new Map<string, Registered>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
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
    this.batchSize = options.batchSize ?? 10;
    this.every("jobs.prune", 60 * 60_000, () => this.prune());
  }

  register(kind: string, handler: JobHandler, options: HandlerOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`A job handler for "${kind}" is registered twice`);
    this.handlers.set(kind, { ...options, handler });
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
    clearTimeout(this.timer);
    await this.running;
  }

  /** Looks for due jobs now rather than at the next poll (e.g. right after enqueueing one). */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    clearTimeout(this.timer);
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

  /** Claims and runs batches until nothing is due (or, for the polling loop, until stopped). */
  private async drain(untilStopped = false): Promise<number> {
    await this.scheduleRecurring();
    let total = 0;
    for (;;) {
      if (untilStopped && !this.started) return total;
      const batch = await this.claim();
      if (batch.length === 0) return total;
      await Promise.all(batch.map((row) => this.run(row)));
      total += batch.length;
    }
  }

  /** Each recurring job has one row for ever, made on the first pass (its key dedupes servers). */
  private async scheduleRecurring(): Promise<void> {
    if (this.recurringScheduled) return;
    for (const [kind, entry] of this.handlers) {
      if (entry.everyMs === undefined) continue;
      await enqueueJob(this.db, { kind, payload: {}, key: `every:${kind}`, runAt: this.options.clock.now() });
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
    return (result as unknown as { rows: ClaimedRow[] }).rows;
  }

  private async run(row: ClaimedRow): Promise<void> {
    const entry = this.handlers.get(row.kind)!;
    const id = Number(row.id);
    const payload = typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload;
    const maxAttempts = entry.maxAttempts ?? row.max_attempts;
    let error: unknown;
    if (row.attempts <= maxAttempts) {
      try {
        await entry.handler(payload, { id, kind: row.kind, attempt: row.attempts });
        error = undefined;
      } catch (err) {
        error = err ?? new Error("job failed");
      }
    } else {
      error = new Error("the job's server stopped while running it, too many times");
    }
    await this.finish(id, row, entry, payload, maxAttempts, error);
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
    const message = error === undefined ? null : String(error instanceof Error ? error.message : error).slice(0, 1000);
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
      if ((failed as unknown as { rows: unknown[] }).rows.length === 0) return;
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
