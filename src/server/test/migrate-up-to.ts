import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MIGRATIONS_FOLDER, type Database } from "../db/client.js";

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
