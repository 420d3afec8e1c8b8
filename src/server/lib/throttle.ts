import { sql, type SQL } from "drizzle-orm";
import { AppError } from "./app-error.js";
import type { ThrottleEntry, ThrottleStore } from "./throttle-store.js";
import { MemoryThrottleStore } from "./throttle-store.js";

/**
 * Counts events per key in a fixed window (failed logins per account, lookups per phone…). The
 * counts live in a ThrottleStore: in-process on PGlite (one server), in a PostgreSQL table when
 * several app servers share the database, so a client gains nothing by reaching another server
 * (decision 009).
 */
export class Throttle {
  /** The last count this server saw per key, for checks that cannot wait (checkCached). */
  private readonly seen = new Map<string, ThrottleEntry>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly what: string,
    private readonly store: ThrottleStore = new MemoryThrottleStore(),
  ) {}

  private key(key: string): string {
    return `${this.what}\n${key}`;
  }

  private remember(key: string, entry: ThrottleEntry | undefined): ThrottleEntry | undefined {
    if (this.seen.size > 50_000) this.seen.clear();
    if (entry) this.seen.set(key, entry);
    else this.seen.delete(key);
    return entry;
  }

  private refuse(entry: ThrottleEntry | undefined, over: (count: number) => boolean, now = Date.now()): void {
    if (!entry || entry.resetAt <= now || !over(entry.count)) return;
    const seconds = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
    throw new AppError(
      "RATE_LIMITED",
      `Too many ${this.what}. Please try again in ${formatWait(seconds)}.`,
      undefined,
      { "Retry-After": String(seconds) },
    );
  }

  /** Throws 429 when the key has used up its allowance. */
  async check(key: string): Promise<void> {
    this.refuse(this.remember(key, await this.store.read(this.key(key))), (n) => n >= this.limit);
  }

  /** Reads the key's count into this server's memory, for checkCached. */
  async refresh(key: string): Promise<void> {
    this.remember(key, await this.store.read(this.key(key)));
  }

  /** check against the count last read or written here (after refresh): for a synchronous callback. */
  checkCached(key: string): void {
    this.refuse(this.seen.get(key), (n) => n >= this.limit);
  }

  /**
   * Where the counts are in the database: the check as SQL for another statement (`holds` while
   * under the limit; `found`, the entry as json, for `checkFound`). Null for counts in memory,
   * which `check`/`checkCached` read at no cost.
   */
  checkSql(key: string): { holds: SQL; found: SQL } | null {
    if (!this.store.readSql) return null;
    const found = this.store.readSql(this.key(key));
    return { holds: sql`coalesce((${found} ->> 'count')::int, 0) < ${this.limit}::int`, found };
  }

  /** checkSql's entry as the statement found it: remembered, and 429 if at the limit. */
  checkFound(key: string, found: unknown): void {
    const entry = found as ThrottleEntry | null | undefined;
    this.refuse(
      this.remember(key, entry ? { count: Number(entry.count), resetAt: Number(entry.resetAt) } : undefined),
      (n) => n >= this.limit,
    );
  }

  /** `record` as SQL for another statement, run only if `onlyIf`; null for counts in memory. */
  recordSql(key: string, onlyIf: SQL): SQL | null {
    return this.store.addSql?.(this.key(key), this.windowMs, onlyIf) ?? null;
  }

  async record(key: string): Promise<void> {
    this.remember(key, await this.store.add(this.key(key), this.windowMs));
  }

  /**
   * Counts the event and refuses it if that goes past the limit, in one step: parallel requests
   * (on any server) cannot all pass a check made before any of them is counted.
   */
  async take(key: string): Promise<void> {
    this.refuse(this.remember(key, await this.store.add(this.key(key), this.windowMs)), (n) => n > this.limit);
  }

  /** Gives back one event recorded ahead of an outcome that turned out not to count. */
  async refund(key: string): Promise<void> {
    await this.store.subtract(this.key(key));
  }

  async reset(key: string): Promise<void> {
    this.seen.delete(key);
    await this.store.clear(this.key(key));
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
