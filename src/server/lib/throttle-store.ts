import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rowsOf } from "../db/rows.js";

export interface ThrottleEntry {
  count: number;
  /** Epoch milliseconds. */
  resetAt: number;
}

/** Where throttle counts live: per process, or shared by every app server. */
export interface ThrottleStore {
  /** Counts one event (a new window if the last one is over) and returns the window's count. */
  add(key: string, windowMs: number): Promise<ThrottleEntry>;
  read(key: string): Promise<ThrottleEntry | undefined>;
  subtract(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * Only where the counts are in the database: the key's entry (json `{count, resetAt}` or null)
   * and `add` as SQL for a larger statement, so it costs no round trip of its own.
   */
  readSql?(key: string): SQL;
  addSql?(key: string, windowMs: number, onlyIf: SQL): SQL;
}

/** One process's counts (PGlite runs one server per data directory). */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly hits = new Map<string, ThrottleEntry>();

  async add(key: string, windowMs: number): Promise<ThrottleEntry> {
    const now = Date.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 50_000) this.prune(now);
      const fresh = { count: 1, resetAt: now + windowMs };
      this.hits.set(key, fresh);
      return { ...fresh };
    }
    entry.count++;
    return { ...entry };
  }

  async read(key: string): Promise<ThrottleEntry | undefined> {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > Date.now() ? { ...entry } : undefined;
  }

  async subtract(key: string): Promise<void> {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  async clear(key: string): Promise<void> {
    this.hits.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

type Row = { count: number | string; reset_at: string | Date };
const toEntry = (row: Row | undefined): ThrottleEntry | undefined =>
  row && { count: Number(row.count), resetAt: new Date(row.reset_at).getTime() };

/**
 * Counts in PostgreSQL's throttle_hits table (migration 0004), one row per key, changed by one
 * atomic statement each: every app server sees and adds to the same count.
 */
export class PostgresThrottleStore implements ThrottleStore {
  private adds = 0;

  constructor(private readonly db: Db) {}

  async add(key: string, windowMs: number): Promise<ThrottleEntry> {
    const result = await this.db.execute(sql`${this.addSql(key, windowMs, sql`true`)} returning count, reset_at`);
    return toEntry(rowsOf<Row>(result)[0])!;
  }

  addSql(key: string, windowMs: number, onlyIf: SQL): SQL {
    if (++this.adds % 1000 === 0)
      this.db.execute(sql`delete from throttle_hits where reset_at < now() - interval '1 hour'`).catch(() => {});
    return sql`
      insert into throttle_hits (key, count, reset_at)
      select ${key}, 1, now() + ${windowMs} * interval '1 millisecond' where ${onlyIf}
      on conflict (key) do update set
        count = case when throttle_hits.reset_at <= now() then 1 else throttle_hits.count + 1 end,
        reset_at = case when throttle_hits.reset_at <= now() then excluded.reset_at else throttle_hits.reset_at end`;
  }

  readSql(key: string): SQL {
    return sql`(select json_build_object('count', count, 'resetAt', (extract(epoch from reset_at) * 1000)::float8)
      from throttle_hits where key = ${key} and reset_at > now())`;
  }

  async read(key: string): Promise<ThrottleEntry | undefined> {
    const result = await this.db.execute(
      sql`select count, reset_at from throttle_hits where key = ${key} and reset_at > now()`,
    );
    return toEntry(rowsOf<Row>(result)[0]);
  }

  async subtract(key: string): Promise<void> {
    await this.db.execute(sql`update throttle_hits set count = count - 1 where key = ${key} and count > 0`);
  }

  async clear(key: string): Promise<void> {
    await this.db.execute(sql`delete from throttle_hits where key = ${key}`);
  }
}
