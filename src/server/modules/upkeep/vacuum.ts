import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";

export const VACUUM_JOB = "db.vacuum";
/** How often the tables' churn is looked at (autovacuum looks every minute; PGlite has none). */
export const VACUUM_EVERY_MS = 10 * 60_000;

export interface TableName {
  schema: string;
  table: string;
}

/**
 * The tables worth a VACUUM (ANALYZE) now, by autovacuum's own rule and default thresholds: dead
 * rows over 50 + 20 % of the live ones (a drained queue, updated stock and leases, pruned jobs),
 * rows changed since the last ANALYZE over 50 + 10 % (the planner's estimates), rows inserted since
 * the last VACUUM over 1000 + 20 % (the visibility map that index-only scans need); and every
 * table not vacuumed for a day by `now`, as statistics are lost when PGlite stops uncleanly.
 * The rule picks the busy tables itself, so a new table needs no list kept up to date.
 */
export async function tablesDueForVacuum(db: Db, now: Date): Promise<TableName[]> {
  // This connection's latest changes are counted now rather than up to a second later.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await db.execute(sql`
    select schemaname as schema, relname as table from pg_stat_user_tables
    where n_dead_tup > 50 + 0.2 * n_live_tup
      or n_mod_since_analyze > 50 + 0.1 * n_live_tup
      or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
      or coalesce(greatest(last_vacuum, last_autovacuum), '-infinity')
        < ${now.toISOString()}::timestamptz - interval '1 day'
    order by n_dead_tup desc, relname`);
  return rowsOf<TableName>(result);
}

/**
 * Vacuums and analyzes the tables due, one statement each: VACUUM cannot run inside a
 * transaction block, and on PGlite (one connection) requests get their turn between tables.
 * Answers the tables done, as `schema.table`.
 */
export async function vacuumBusyTables(db: Db, now: Date): Promise<string[]> {
  const done: string[] = [];
  for (const { schema, table } of await tablesDueForVacuum(db, now)) {
    await db.execute(sql`vacuum (analyze) ${sql.identifier(schema)}.${sql.identifier(table)}`);
    done.push(`${schema}.${table}`);
  }
  return done;
}

/** When a table was last vacuumed, by this job or any other; null if never (since statistics began). */
export async function lastVacuumAt(db: Db): Promise<string | null> {
  const result = await db.execute(
    sql`select max(greatest(last_vacuum, last_autovacuum)) as at from pg_stat_user_tables`,
  );
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
  return at ? new Date(at).toISOString() : null;
}
