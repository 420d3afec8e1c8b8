import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client.js";

const dialect = new PgDialect();

/**
 * Runs a statement of a hot path (order placement, sent once per order) as a named prepared
 * statement: each PostgreSQL connection parses and plans its text once, then only binds and runs
 * it, where a plain query is parsed and planned every time (about as long as it runs, for
 * placement's statement). The name is a digest of the text, so every shape of the statement (with
 * stock, with a job, ...) is its own. PGlite runs it as a plain query, as `db.execute` would.
 */
export async function executePrepared(db: Db, query: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const compiled = dialect.sqlToQuery(query);
  const name = `s_${createHash("sha1").update(compiled.sql).digest("hex").slice(0, 24)}`;
  const prepared = db._.session.prepareQuery(compiled, undefined, name, false);
  return (await prepared.execute()) as { rows: Record<string, unknown>[] };
}
