// npm run backup: a consistent copy of the embedded database into DATA_DIR/backups.
// With the server stopped, this process opens the database itself; with the server running
// (it holds the data directory's lock), it asks the server to write the backup (SIGUSR2).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../src/server/db/client.js";
import { writeBackup } from "../src/server/db/backup.js";
import { holderIsAlive, lockDataDir, readLockHolder } from "../src/server/db/lock.js";
import { readEnv } from "../src/server/env.js";

const env = readEnv();
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump instead.");
  process.exit(1);
}
const dataDir = path.resolve(env.DATA_DIR);
const backups = path.join(dataDir, "backups");
const before = new Set(fs.existsSync(backups) ? fs.readdirSync(backups) : []);

let release: (() => void) | null = null;
try {
  release = lockDataDir(dataDir);
} catch {
  release = null;
}

if (release) {
  const database = await openPglite(path.join(dataDir, "pglite"));
  const file = await writeBackup(database.pglite!, dataDir);
  await database.close();
  release();
  console.log(`Backup written: ${file}`);
} else {
  // Signal only a store server that certainly holds the lock here: never a PID someone wrote
  // into the file, a process on another host, or an unrelated process that reused the PID.
  const holder = readLockHolder(dataDir);
  if (!holder || holder.host !== os.hostname() || !holderIsAlive(holder)) {
    console.error(`The data directory's lock is not held by a running server on this host; see ${dataDir}/store.lock.`);
    process.exit(1);
  }
  process.kill(holder.pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  for (;;) {
    const fresh = fs.existsSync(backups)
      ? fs.readdirSync(backups).filter((f) => !before.has(f) && f.endsWith(".tar.gz"))
      : [];
    if (fresh.length > 0) {
      console.log(`Backup written by the running server: ${path.join(backups, fresh[0])}`);
      break;
    }
    if (Date.now() > deadline) {
      console.error("The running server did not write a backup within 2 minutes; check its log.");
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
