import { z } from "zod";

/** The embedded database's backups as `/api/health` shows them (public: no folder, no error text). */
export const backupHealth = z.object({
  /** When the newest backup was written (ISO time); null before the first. */
  lastAt: z.string().nullable(),
  /**
   * The newest backup is under a day old (plus slack), or the first is scheduled and not late,
   * and the last attempt did not fail.
   */
  ok: z.boolean(),
  /** Why there is no recent backup (e.g. the first one's time after a start), and what to do; null when all is well. */
  reason: z.string().nullable(),
});
export type BackupHealth = z.infer<typeof backupHealth>;

/** GET /api/admin/database-upkeep (owner): backups and the scheduled VACUUM (ANALYZE) (decision 015). */
export const databaseUpkeep = z.object({
  database: z.enum(["pglite", "postgres"]),
  /** null: PostgreSQL (back it up with pg_dump), or automatic backups are off. */
  backups: backupHealth
    .extend({
      folder: z.string(),
      /** How many backups are kept (BACKUP_KEEP); older ones are deleted. */
      keep: z.number().int(),
      count: z.number().int(),
      /** The last attempt's error, if it failed. */
      lastError: z.string().nullable(),
    })
    .nullable(),
  /** null: PostgreSQL, where autovacuum does this. */
  vacuum: z.object({ lastAt: z.string().nullable() }).nullable(),
});
export type DatabaseUpkeep = z.infer<typeof databaseUpkeep>;
