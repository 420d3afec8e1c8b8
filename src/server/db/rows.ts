import type { SQL } from "drizzle-orm";
import type { Db } from "./client.js";

/**
 * Rows of a raw query. Both drivers answer `{ rows }`, but they type values differently:
 * node-postgres gives numeric and bigint as strings, PGlite gives bigint as a number; callers
 * convert figures themselves (`num()` in the reports).
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The rows of a result already in hand (`db.execute`'s answer, typed by neither driver). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A json column's value: both drivers parse json, but one may hand it over as text. */
export function jsonOf<T>(value: unknown, whenNull: T): T {
  if (value === null || value === undefined) return whenNull;
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
