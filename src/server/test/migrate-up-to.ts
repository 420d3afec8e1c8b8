import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER, type Database, type Db } from "../db/client.js";
import { queryRows } from "../db/rows.js";

/**
 * Applies the store's migrations up to and including `tag` (e.g. "0020_remittances"), as a
 * database that has not yet been upgraded would have them, so a migration's test can put in rows
 * of the old shape and then apply the rest with `database.migrate()`.
 */
export async function migrateUpTo(database: Database, tag: string): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`No migration ${tag} in the journal`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "store-migrations-"));
  try {
    fs.mkdirSync(path.join(folder, "meta"));
    const entries = journal.entries.slice(0, last + 1);
    fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const entry of entries)
      fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await database.migrate(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Copies `tables` (parents first) from `from`, a database of today's schema, into `to`, a database
 * on an older migration, in the columns `to` has: the demo seed and the test factory write
 * today's schema, which an older database does not have yet. Serial ids are carried over and the
 * sequences moved past them.
 */
export async function copyTables(from: Db, to: Db, tables: string[]): Promise<void> {
  for (const table of tables) {
    const columns = await queryRows<{ name: string; type: string }>(
      to,
      sql`select column_name as name, data_type as type from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
          order by ordinal_position`,
    );
    const [{ rows }] = await queryRows<{ rows: string | null }>(
      from,
      sql`select json_agg(t)::text as rows from ${sql.identifier(table)} t`,
    );
    const list = sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    await to.execute(sql`insert into ${sql.identifier(table)} (${list})
      select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${rows ?? "[]"}::json)`);
    if (columns.some((c) => c.name === "id" && c.type === "integer"))
      await to.execute(
        sql`select setval(pg_get_serial_sequence(${table}::text, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
  }
}
