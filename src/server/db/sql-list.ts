import { sql, type SQL } from "drizzle-orm";

/**
 * A list of the shared constants as SQL text, `('a', 'b')`, for `in`: business lists (statuses,
 * confirmation states) are written once, in `src/shared/rules`, and SQL is built from them. The
 * values are written into the text, not bound, so the planner sees constants (a partial index's
 * `in (...)` matches) and a prepared statement's text stays one per shape; only ever pass the
 * shared constants, never input.
 */
export function sqlList(values: readonly string[]): SQL {
  return sql.raw(sqlListText(values));
}

/** The same list as text, for a CHECK constraint or a migration: `('a', 'b')`. */
export function sqlListText(values: readonly string[]): string {
  if (values.length === 0) throw new Error("an SQL list needs at least one value");
  return `(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`;
}
