import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BackupHealth, DatabaseUpkeep } from "@shared/schemas/upkeep.js";
import type { Db } from "../../db/client.js";
import { backUp, listBackups } from "../../db/backup.js";
import { recurringJobKey } from "../../jobs/job-runner.js";
import { enqueueJob } from "../../jobs/jobs.js";
import { storeClock } from "../reports/index.js";
import type { UpkeepConfig } from "./upkeep-config.js";
import { rowsOf } from "../../db/rows.js";

export const BACKUP_JOB = "db.backup";
/** The job looks hourly, so a failed backup is tried again within the hour… */
export const BACKUP_LOOK_EVERY_MS = 60 * 60_000;
/** …and writes one when the newest is a day old (less a little, so the looks' drift never skips a day). */
export const BACKUP_EVERY_MS = 24 * 60 * 60_000;
const DUE_SLACK_MS = 10 * 60_000;
/** Past this age the newest backup is not ok: a day, and two looks that should have written one. */
export const BACKUP_OVERDUE_MS = BACKUP_EVERY_MS + 2 * BACKUP_LOOK_EVERY_MS;

/**
 * A server started without a recent backup (a new store, or a data directory just restored,
 * whose job row still says "in an hour") writes one this long after start: soon, but not while
 * the server is still warming up.
 */
export const FIRST_BACKUP_AFTER_START_MS = 60_000;

type Backups = NonNullable<UpkeepConfig["backups"]>;

const isDue = (backups: Backups, now: Date) => {
  const newest = listBackups(backups.folder)[0];
  return !newest || now.getTime() - newest.at.getTime() >= BACKUP_EVERY_MS - DUE_SLACK_MS;
};

/** Writes a backup when the newest is a day old (or there is none); answers its file, or null. */
export async function backUpIfDue(pglite: PGlite, backups: Backups, now: Date): Promise<string | null> {
  return isDue(backups, now) ? backUp(pglite, backups.folder, backups.keep, now) : null;
}

/**
 * At start: when a backup is due, the backup job runs a minute from now, whatever its row says. A
 * restored database brings the row as it was when the backup was written: due in up to an hour,
 * or "running" under a lease of the server that wrote it. The embedded database has one server,
 * which is only starting, so such a lease is nobody's.
 */
export async function backUpSoonAfterStart(db: Db, backups: Backups, now: Date): Promise<void> {
  if (!isDue(backups, now)) return;
  const soon = new Date(now.getTime() + FIRST_BACKUP_AFTER_START_MS).toISOString();
  const key = recurringJobKey(BACKUP_JOB);
  await enqueueJob(db, { kind: BACKUP_JOB, payload: {}, key, runAt: new Date(soon) });
  await db.execute(
    sql`update jobs set state = 'queued', locked_until = null, run_at = ${soon}::timestamptz
        where key = ${key} and state in ('queued', 'running')`,
  );
}

const DATABASE_DOWN = "the database did not answer";

interface BackupJob {
  lastError: string | null;
  running: boolean;
  /** When it runs next; null while it runs (or before its row is made). */
  runAt: Date | null;
}

/** The backup job's row: its last run's error (null when it succeeded) and its next run. */
async function backupJob(db: Db): Promise<BackupJob> {
  const result = await db.execute(
    sql`select last_error, state, case when state = 'queued' then run_at end as run_at
        from jobs where key = ${recurringJobKey(BACKUP_JOB)} and state in ('queued', 'running')`,
  );
  const row = rowsOf<{ last_error: string | null; state: string; run_at: string | Date | null }>(result)[0];
  return {
    lastError: row?.last_error ?? null,
    running: row?.state === "running",
    runAt: row?.run_at ? new Date(row.run_at) : null,
  };
}

/**
 * Why the backups are as they are, in words for whoever reads health; null when all is well. A
 * first backup still to come is no fault; health never names the folder or the error.
 */
function backupReason(lastAt: Date | null, fresh: boolean, firstOnItsWay: boolean, job: BackupJob, now: Date) {
  if (job.lastError === DATABASE_DOWN)
    return "The database did not answer, so the state of the backups is unknown: see the database status above";
  if (job.lastError !== null)
    return "The last backup failed: the owner sees why in Settings → Database and backups; it is tried again within the hour";
  if (fresh) return null;
  if (lastAt !== null)
    return "The newest backup is more than a day old: check that the store's server is running and see its log";
  if (job.runAt && job.runAt.getTime() > now.getTime())
    return `No backup yet: the first is taken at ${storeClock(job.runAt).time} (Pakistan time), a minute after start`;
  if (firstOnItsWay) return "No backup yet: the first is being written now";
  return "No backup yet, and none was written when it was due: check that the store's server is running and see its log";
}

/** The backups as the owner sees them; null on PostgreSQL or when automatic backups are off. */
export async function backupStatus(app: FastifyInstance): Promise<DatabaseUpkeep["backups"]> {
  const backups = app.config.upkeep?.backups;
  if (!backups || !app.database.pglite) return null;
  const files = listBackups(backups.folder);
  const newest = files[0];
  const now = app.clock.now();
  // Health must answer even when the database does not: then the state of the backups is unknown.
  const job = await backupJob(app.db).catch(() => ({ lastError: DATABASE_DOWN, running: false, runAt: null }));
  const fresh = !!newest && now.getTime() - newest.at.getTime() <= BACKUP_OVERDUE_MS;
  // The first backup, scheduled and not yet late, is on its way: nothing is wrong yet.
  const firstOnItsWay =
    !newest &&
    job.lastError === null &&
    (job.running || (job.runAt !== null && job.runAt.getTime() + DUE_SLACK_MS > now.getTime()));
  return {
    folder: backups.folder,
    keep: backups.keep,
    count: files.length,
    lastAt: newest?.at.toISOString() ?? null,
    ok: (fresh || firstOnItsWay) && job.lastError === null,
    reason: backupReason(newest?.at ?? null, fresh, firstOnItsWay, job, now),
    lastError: job.lastError,
  };
}

/** What `/api/health` tells anyone: the newest backup's time, whether all is well and why not, nothing more. */
export async function backupHealth(app: FastifyInstance): Promise<BackupHealth | null> {
  const status = await backupStatus(app);
  return status && { lastAt: status.lastAt, ok: status.ok, reason: status.reason };
}
