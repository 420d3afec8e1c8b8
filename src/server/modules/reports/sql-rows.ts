import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";

export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Money sums arrive as decimal strings; rounding to paisa undoes float noise from the conversion. */
export function money(value: unknown): number {
  return Math.round(num(value) * 100) / 100;
}

export function isoTime(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/**
 * Runs a report's queries in one read-only snapshot, so its figures agree with each other, with
 * room to sort and hash in memory: the default 4 MB spills a report over a large book to disk
 * (on PGlite that made the customers report 5x slower).
 */
export function inReportSnapshot<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      return run(tx as unknown as Db);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Runs queries one after another and gives their answers in order. A report's snapshot is one
 * transaction on one connection, which runs one query at a time anyway; node-postgres deprecates
 * queuing several on it at once.
 */
export async function oneAtATime<T extends readonly unknown[]>(
  ...queries: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  const answers: unknown[] = [];
  for (const query of queries) answers.push(await query());
  return answers as unknown as T;
}

/**
 * The name each product had on its latest order line (a product may since be renamed or gone),
 * whatever that order's status: one probe of order_items (product_id, id) per product.
 */
export async function latestProductNames(db: Db, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const ids = sql.join(
    productIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = await queryRows<{ product_id: number; product_name: string }>(
    db,
    sql`select p.id as product_id,
               (select oi.product_name from order_items oi where oi.product_id = p.id order by oi.id desc limit 1) as product_name
        from unnest(array[${ids}]) as p(id)`,
  );
  return new Map(rows.map((r) => [num(r.product_id), r.product_name]));
}
