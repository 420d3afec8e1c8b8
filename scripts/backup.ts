// npm run backup: a consistent copy of the embedded database into BACKUP_DIR (default
// DATA_DIR/backups), keeping the newest BACKUP_KEEP.
// With the server stopped, this process opens the database itself; with the server running
// (it holds the data directory's lock), it asks the server to write the backup (SIGUSR2).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../src/server/db/client.js";
import { backUp, backupFolder } from "../src/server/db/backup.js";
import { holderIsProvenHere, lockDataDir, readLockHolder, type LockHolder } from "../src/server/db/lock.js";
import { readEnv } from "../src/server/env.js";

const env = readEnv();
if (env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump instead.");
  process.exit(1);
}
const dataDir = path.resolve(env.DATA_DIR);
const backups = backupFolder(dataDir, env.BACKUP_DIR);
const before = new Set(fs.existsSync(backups) ? fs.readdirSync(backups) : []);

let release: (() => void) | null = null;
try {
  release = lockDataDir(dataDir);
} catch {
  release = null;
}

if (release) {
  const database = await openPglite(path.join(dataDir, "pglite"));
  const file = await backUp(database.pglite!, backups, env.BACKUP_KEEP);
  await database.close();
  release();
  console.log(`Backup written: ${file}`);
} else {
  // Signal only a store server proven to hold the lock here (same host, boot and PID namespace,
  // that PID's start time): never a PID someone wrote into the file, a lock of the old PID-only
  // format, a process on another host or in another container, or one that reused the PID.
  const holder = readLockHolder(dataDir);
  if (!holder || !holderIsProvenHere(holder)) {
    console.error(refusal(holder));
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

/** Why no backup was asked of the lock's holder, and what to do instead. */
function refusal(holder: LockHolder | null): string {
  const lock = path.join(dataDir, "store.lock");
  if (holder && !holder.started && !holder.instance)
    return (
      `${lock} is in an older format (a bare process number), so the server holding it cannot be told apart ` +
      `from another process. Restart the store server (it rewrites the lock) and run the backup again, or ` +
      `stop it and run the backup with the server stopped.`
    );
  if (holder && holder.host !== os.hostname())
    return `${lock} is held by a server on host ${holder.host}: run npm run backup on that host.`;
  return (
    `${lock} is not held by a store server running on this host in this container: run npm run backup ` +
    `where the server runs (e.g. docker exec), or stop the server and run it again.`
  );
}
