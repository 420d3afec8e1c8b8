import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BackupHealth, DatabaseUpkeep } from "@shared/schemas/upkeep.js";
import type { Db } from "../../db/client.js";
import { backUp, listBackups } from "../../db/backup.js";
import { recurringJobKey } from "../../jobs/job-runner.js";
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

type Backups = NonNullable<UpkeepConfig["backups"]>;

/** Writes a backup when the newest is a day old (or there is none); answers its file, or null. */
export async function backUpIfDue(pglite: PGlite, backups: Backups, now: Date): Promise<string | null> {
  const newest = listBackups(backups.folder)[0];
  if (newest && now.getTime() - newest.at.getTime() < BACKUP_EVERY_MS - DUE_SLACK_MS) return null;
  return backUp(pglite, backups.folder, backups.keep, now);
}

/** The last run's error of a recurring job (kept in its row), or null when it succeeded. */
async function lastRunError(db: Db, kind: string): Promise<string | null> {
  const result = await db.execute(
    sql`select last_error from jobs where key = ${recurringJobKey(kind)} and state in ('queued', 'running')`,
  );
  return rowsOf<{ last_error: string | null }>(result)[0]?.last_error ?? null;
}

/** The backups as the owner sees them; null on PostgreSQL or when automatic backups are off. */
export async function backupStatus(app: FastifyInstance): Promise<DatabaseUpkeep["backups"]> {
  const backups = app.config.upkeep?.backups;
  if (!backups || !app.database.pglite) return null;
  const files = listBackups(backups.folder);
  const newest = files[0];
  // Health must answer even when the database does not: then the state of the backups is unknown.
  const lastError = await lastRunError(app.db, BACKUP_JOB).catch(() => "the database did not answer");
  const fresh = !!newest && app.clock.now().getTime() - newest.at.getTime() <= BACKUP_OVERDUE_MS;
  return {
    folder: backups.folder,
    keep: backups.keep,
    count: files.length,
    lastAt: newest?.at.toISOString() ?? null,
    ok: fresh && lastError === null,
    lastError,
  };
}

/** What `/api/health` tells anyone: the newest backup's time and whether all is well, nothing more. */
export async function backupHealth(app: FastifyInstance): Promise<BackupHealth | null> {
  const status = await backupStatus(app);
  return status && { lastAt: status.lastAt, ok: status.ok };
}
