// npm run restore -- <backup file>: puts a backup of the embedded database back into DATA_DIR
// (docs/operating/backups.md). Only into a data directory without a database and no running server:
// stop the server and move DATA_DIR/pglite aside first, so nothing is ever overwritten.
import path from "node:path";
import { restoreBackup } from "../src/server/db/backup.js";
import { readEnv } from "../src/server/env.js";

const file = process.argv[2];
const env = readEnv();
if (!file) {
  console.error("Name the backup to restore: npm run restore -- data/backups/store-<time>.tar.gz");
  process.exit(1);
}
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: restore PostgreSQL with pg_restore or psql instead.");
  process.exit(1);
}
const dataDir = path.resolve(env.DATA_DIR);
try {
  const { orders } = await restoreBackup(path.resolve(file), dataDir);
  console.log(`Restored ${file} into ${path.join(dataDir, "pglite")} (${orders} orders). Start the server again.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
