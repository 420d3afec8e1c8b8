import { sql, type SQL } from "drizzle-orm";

/**
 * A list of the shared constants as SQL text literals, `('a', 'b')`, for `in` and CHECK
 * constraints: business lists (statuses, confirmation states) are written once, in
 * `src/shared/rules`, and SQL is built from them. Values are bound as parameters in queries; for
 * DDL (a migration) use `sqlListText`.
 */
export function sqlList(values: readonly string[]): SQL {
  if (values.length === 0) throw new Error("sqlList needs at least one value");
  return sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The same list as literal SQL text, for a migration or a CHECK constraint: `('a', 'b')`. */
export function sqlListText(values: readonly string[]): string {
  if (values.length === 0) throw new Error("sqlListText needs at least one value");
  return `(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`;
}
