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
  /**
   * Where the PID means something: the boot and the PID namespace (Linux). Two containers may share
   * a hostname and both be PID 1; only in the same space do PID and start time name one process.
   */
  space?: string;
  /** When the holder last refreshed the lock (its heartbeat, the file's modification time), ms. */
  refreshedAt?: number;
}

const LOCK_FILE = "store.lock";
/** A live holder refreshes its lock this often… */
export const LOCK_HEARTBEAT_MS = 10_000;
/** …so one that cannot be checked by its PID and has not refreshed it for this long is gone. */
export const LOCK_STALE_MS = 60_000;
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

/** This boot and PID namespace (Linux), or null where the kernel does not say. */
export function processSpace(): string | null {
  try {
    const boot = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `${boot}/${fs.readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    return null;
  }
}

const ownSpace = processSpace();

export function readLockHolder(dataDir: string): LockHolder | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim();
  } catch {
    return null;
  }
  const refreshedAt = lockRefreshedAt(path.join(dataDir, LOCK_FILE));
  try {
    const holder = JSON.parse(text) as LockHolder;
    if (typeof holder.pid === "number" && typeof holder.host === "string") return { ...holder, refreshedAt };
  } catch {
    // an older lock holding only a PID
  }
  return { pid: Number(text) || 0, host: os.hostname(), started: "", instance: "", refreshedAt };
}

function lockRefreshedAt(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Whether the holder is, for certain, that very process running here: same host, same boot and
 * PID namespace, its PID alive with the recorded start time. Only such a holder may be signalled.
 */
export function holderIsProvenHere(holder: LockHolder): boolean {
  if (holder.host !== os.hostname() || !ownSpace || holder.space !== ownSpace) return false;
  if (!holder.pid || !holder.started || holder.started.startsWith("clock:") || !isAlive(holder.pid)) return false;
  return holder.pid === process.pid ? holder.started === ownStart : processStart(holder.pid) === holder.started;
}

/**
 * Whether the holder may still run (a live holder is never overridden). In our own boot and PID
 * namespace the PID and its start time answer exactly. Elsewhere a PID proves nothing: two
 * containers may share a hostname and a volume and both be PID 1, and an equal PID with another
 * start is as likely a live twin as an earlier start of ours. There the heartbeat answers: a
 * holder that refreshed the lock within LOCK_STALE_MS is alive. On another host nothing can be
 * checked, so the holder is assumed alive. `now` is this host's clock (the file's times are too).
 */
export function holderIsAlive(holder: LockHolder, now = Date.now()): boolean {
  if (holder.host !== os.hostname()) return true;
  // A lock of the oldest format (only a PID): alive while that PID is.
  if (!holder.started && !holder.instance) return !!holder.pid && isAlive(holder.pid);
  if (holderIsProvenHere(holder)) return true;
  if (ownSpace && holder.space === ownSpace) return false;
  return now - (holder.refreshedAt ?? 0) < LOCK_STALE_MS;
}

/**
 * PGlite is one process's database: a second process on the same directory silently loses
 * commits. We hold an exclusive lock file (created with O_EXCL, holding our host, PID, start
 * time, boot and PID namespace and a random instance id) for as long as the server runs, and
 * refresh its modification time every LOCK_HEARTBEAT_MS. A live holder is never overridden. A stale lock is taken over under a take-over guard (itself created with O_EXCL),
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
    ...(ownSpace ? { space: ownSpace } : {}),
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

/** Keeps the lock's heartbeat while held; the answer releases it. */
function releaser(file: string, me: LockHolder): () => void {
  let released = false;
  const ours = () => readLockHolder(path.dirname(file))?.instance === me.instance;
  const heartbeat = setInterval(() => {
    try {
      // Only our own lock: never keep alive one a later server took over.
      if (ours()) fs.utimesSync(file, new Date(), new Date());
    } catch {
      // the data directory went away: nothing to keep
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    if (ours()) fs.rmSync(file, { force: true });
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
