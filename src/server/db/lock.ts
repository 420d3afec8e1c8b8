import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Who holds the data directory: enough to tell a live holder from a stale lock on any host. */
export interface LockHolder {
  pid: number;
  host: string;
  /** The holder's process start (from /proc, or its clock at start): a reused PID is another process. */
  started: string;
  /** Random per start, so two holders with equal PID, host and start time still differ. */
  instance: string;
}

const LOCK_FILE = "store.lock";
/** A take-over takes microseconds; a guard older than this was left by a crashed taker. */
const GUARD_STALE_MS = 10_000;

/** This process's start, as the kernel knows it (Linux), so another process can check it. */
export function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

const ownStart = processStart(process.pid) ?? `clock:${Date.now() - Math.round(process.uptime() * 1000)}`;

export function readLockHolder(dataDir: string): LockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim();
  } catch {
    return null;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    if (typeof holder.pid === "number" && typeof holder.host === "string") return holder;
  } catch {
    // an older lock holding only a PID
  }
  return { pid: Number(text) || 0, host: os.hostname(), started: "", instance: "" };
}

/**
 * Whether the holder certainly still runs. On this host: its PID is alive and is the same
 * process (same start time; in containers every server is PID 1, so a PID alone proves nothing).
 * On another host (a shared volume) nothing can be checked, so it is assumed alive.
 */
export function holderIsAlive(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return true;
  if (!holder.pid || !isAlive(holder.pid)) return false;
  // Our own PID: this very process (same start), or an earlier start of a restarted container.
  if (holder.pid === process.pid) return holder.started === ownStart;
  const started = processStart(holder.pid);
  return !holder.started || !started || holder.started.startsWith("clock:") || started === holder.started;
}

/**
 * PGlite is one process's database: a second process on the same directory silently loses
 * commits. We hold an exclusive lock file (created with O_EXCL, holding our host, PID, start
 * time and a random instance id) for as long as the server runs. A live holder is never
 * overridden. A stale lock is taken over under a take-over guard (itself created with O_EXCL),
 * after checking again that it is the same stale lock, so two starting servers can never both
 * take it over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    started: ownStart,
    instance: randomBytes(8).toString("hex"),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(file, me)) return releaser(file, me);
    const holder = readLockHolder(dataDir);
    if (holder && holderIsAlive(holder)) throw inUse(dataDir, file, holder);
    if (takeOver(file, holder, me)) return releaser(file, me);
  }
  throw new Error(`Could not lock the data directory ${dataDir}; remove ${file} if no server is running.`);
}

function create(file: string, me: LockHolder): boolean {
  try {
    const fd = fs.openSync(file, "wx", 0o600);
    fs.writeSync(fd, JSON.stringify(me));
    fs.closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return false;
  }
}

function takeOver(file: string, stale: LockHolder | null, me: LockHolder): boolean {
  const guard = `${file}.takeover`;
  try {
    if (Date.now() - fs.statSync(guard).mtimeMs > GUARD_STALE_MS) fs.rmSync(guard, { force: true });
  } catch {
    // no guard: the usual case
  }
  let fd: number;
  try {
    fd = fs.openSync(guard, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false; // another server is taking over
    throw err;
  }
  try {
    fs.closeSync(fd);
    // Under the guard: only replace the very lock judged stale, not one a rival just created.
    const now = readLockHolder(path.dirname(file));
    if (now && JSON.stringify(now) !== JSON.stringify(stale)) return false;
    fs.rmSync(file, { force: true });
    return create(file, me);
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

function releaser(file: string, me: LockHolder): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Only our own lock: never one a later server took over.
    if (readLockHolder(path.dirname(file))?.instance === me.instance) fs.rmSync(file, { force: true });
  };
}

function inUse(dataDir: string, file: string, holder: LockHolder): Error {
  const where =
    holder.host === os.hostname() ? `process ${holder.pid}` : `process ${holder.pid} on host ${holder.host}`;
  return new Error(
    `The data directory ${dataDir} is in use by another store server (${where}). ` +
      `Stop that server first, or start this one with another DATA_DIR. If that server is surely stopped, delete ${file}.`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
