import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";

/**
 * Rows of a raw query. Both drivers answer `{ rows }`, but they type values differently:
 * node-postgres gives numeric and bigint as strings, PGlite gives bigint as a number. Callers
 * therefore pass every figure through `num()`.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

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
