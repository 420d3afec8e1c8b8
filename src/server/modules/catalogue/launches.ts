import { and, eq, isNotNull, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema.js";
import type { Clock } from "../../jobs/clock.js";

/**
 * Drafts, archive and timed launches (decision 039). Shoppers see a product that is active, or a
 * draft whose launch time has come: the launch is read from the time itself, so it happens on
 * every app server at once, whatever the launch job has written yet. The catalogue cache is told
 * when the next launch comes and clears itself then, as it does for a sale's start.
 */

/** What launches need of the catalogue cache (plugins/catalogue-cache.ts). */
export interface LaunchCache {
  readonly generation: number;
  /** Answers kept must not outlive this instant. */
  expireAt(ms: number): void;
}

interface Watch {
  clock: Clock;
  cache: LaunchCache;
  /** The next launch as read at a generation of the cache (null: none planned). */
  next?: { generation: number; at: number | null };
}

const watches = new WeakMap<Db, Watch>();

/** Called once by the app (modules/products): the clock launches go by and the cache they clear. */
export function watchLaunches(db: Db, clock: Clock, cache: LaunchCache): void {
  watches.set(db, { clock, cache });
}

/** The time launches go by: the app's clock (tests move it), else the system's. */
export function catalogueNow(db: Db): Date {
  return watches.get(db)?.clock.now() ?? new Date();
}

/** True (as SQL) for a product shoppers may see and buy at `now`. */
export const onSaleSql = (now: Date): SQL =>
  sql`(${products.status} = 'active' or (${products.status} = 'draft' and ${products.publishAt} <= ${now.toISOString()}::timestamptz))`;

/**
 * The condition every shopper's read of products adds: on sale now. Tells the cache when the
 * next launch comes (one indexed read per change of the catalogue, not per request).
 */
export async function shopperFilter(db: Db): Promise<SQL> {
  const watch = watches.get(db);
  const now = watch?.clock.now() ?? new Date();
  if (watch) {
    const { cache } = watch;
    const known = watch.next;
    if (!known || known.generation !== cache.generation || (known.at !== null && known.at <= now.getTime())) {
      const generation = cache.generation;
      const [row] = await db
        .select({ at: sql<string | null>`min(${products.publishAt})` })
        .from(products)
        .where(sql`${products.status} = 'draft' and ${products.publishAt} > ${now.toISOString()}::timestamptz`);
      watch.next = { generation, at: row?.at ? new Date(row.at).getTime() : null };
    }
    if (watch.next!.at !== null) cache.expireAt(watch.next!.at);
  }
  return onSaleSql(now);
}

/**
 * Writes the launches that are due: each draft whose time has come becomes active, in one
 * statement, so with several app servers each product is launched once. Answers the launched ids.
 */
export async function launchDueDrafts(db: Db, now: Date): Promise<{ id: number; name: string }[]> {
  return db
    .update(products)
    .set({ status: "active", updatedAt: sql`now()` })
    .where(and(eq(products.status, "draft"), isNotNull(products.publishAt), lte(products.publishAt, now.toISOString())))
    .returning({ id: products.id, name: products.name });
}
