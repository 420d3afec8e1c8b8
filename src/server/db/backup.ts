import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "./lock.js";

/** Where backups go: BACKUP_DIR when set (better another disk), else DATA_DIR/backups. */
export function backupFolder(dataDir: string, configured?: string): string {
  return path.resolve(configured || path.join(dataDir, "backups"));
}

/** store-2026-11-26T08-44-22-123Z.tar.gz: the name carries the time, so names sort by age. */
const NAME = /^store-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

export interface BackupFile {
  file: string;
  at: Date;
  bytes: number;
}

/** The backups in `folder`, newest first (only files named as writeBackup names them). */
export function listBackups(folder: string): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const file = path.join(folder, name);
    const bytes = fs.statSync(file, { throwIfNoEntry: false })?.size;
    if (bytes !== undefined) found.push({ file, at: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`), bytes });
  }
  return found.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/**
 * A consistent copy of the embedded database: PGlite dumps its data directory as one tarball
 * while it runs no other query. `now` names the file (the jobs' clock in tests).
 */
export async function writeBackup(pglite: PGlite, folder: string, now = new Date()): Promise<string> {
  // Customers' names, phones and addresses: readable by the store's own user only.
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chmodSync(folder, 0o700);
  const file = path.join(folder, `store-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`);
  const dump = await pglite.dumpDataDir("gzip");
  // PGlite hands the dump over as one Blob; it is streamed to disk rather than copied once more.
  await pipeline(
    Readable.fromWeb(dump.stream() as import("node:stream/web").ReadableStream),
    fs.createWriteStream(`${file}.part`, { mode: 0o600 }),
  );
  fs.renameSync(`${file}.part`, file); // never a half-written backup under the final name
  return file;
}

/** Writes a backup and deletes all but the newest `keep` (BACKUP_KEEP); answers the new file. */
export async function backUp(pglite: PGlite, folder: string, keep: number, now = new Date()): Promise<string> {
  const file = await writeBackup(pglite, folder, now);
  for (const old of listBackups(folder).slice(Math.max(1, keep))) fs.rmSync(old.file, { force: true });
  return file;
}

/**
 * Restores a backup into `dataDir` (`npm run restore`, docs/operating/backups.md): only into a data
 * directory without a database, under its lock, so neither a running server's database nor an
 * existing one is ever overwritten. Answers the number of orders found, as a first check.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<{ orders: number }> {
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
    throw new Error(`There is no backup file ${file}. The backups are named store-<time>.tar.gz in the backup folder.`);
  const target = path.join(dataDir, "pglite");
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new Error(
      `${target} already holds a database. Stop the server, move that folder aside ` +
        `(e.g. mv ${target} ${target}.before-restore), then restore again.`,
    );
  const release = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create(target, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      // A backup of a store that never started has no tables yet: nothing to count.
      const tables = await pglite.query<{ t: string | null }>("select to_regclass('public.orders')::text as t");
      if (!tables.rows[0].t) return { orders: 0 };
      const result = await pglite.query<{ n: number }>("select count(*)::int as n from orders");
      return { orders: result.rows[0].n };
    } finally {
      await pglite.close();
    }
  } finally {
    release();
  }
}
