import type { FastifyInstance } from "fastify";
import type { DatabaseUpkeep } from "@shared/schemas/upkeep.js";
import { BACKUP_JOB, BACKUP_LOOK_EVERY_MS, backUpIfDue, backUpSoonAfterStart, backupStatus } from "./backups.js";
import { lastVacuumAt, VACUUM_EVERY_MS, VACUUM_JOB, vacuumBusyTables } from "./vacuum.js";

/**
 * The embedded database's upkeep (decision 015): a scheduled VACUUM (ANALYZE) of the tables that
 * changed and daily backups, as recurring jobs (once at a time, off the request path, on the
 * jobs' clock), and what the owner sees of them in Settings. PGlite only: on PostgreSQL
 * autovacuum does the former and pg_dump the latter.
 */
export async function upkeepRoutes(app: FastifyInstance): Promise<void> {
  const upkeep = app.config.upkeep;
  const pglite = app.database.pglite;
  if (upkeep?.vacuum && pglite)
    app.jobs.every(VACUUM_JOB, VACUUM_EVERY_MS, async () => {
      const started = Date.now();
      const tables = await vacuumBusyTables(app.db, app.clock.now());
      if (tables.length > 0) app.log.info({ tables, ms: Date.now() - started }, "vacuumed and analyzed");
    });
  const backups = upkeep?.backups;
  if (backups && pglite) {
    app.jobs.every(BACKUP_JOB, BACKUP_LOOK_EVERY_MS, async () => {
      const file = await backUpIfDue(pglite, backups, app.clock.now());
      if (file) app.log.info({ file }, "backup written");
    });
    // A new store, or one just restored, is not left without a backup for up to an hour.
    app.addHook("onReady", async () => backUpSoonAfterStart(app.db, backups, app.clock.now()));
  }

  app.get("/api/admin/database-upkeep", { config: { access: "owner" } }, async (): Promise<DatabaseUpkeep> => ({
    database: app.database.kind,
    backups: await backupStatus(app),
    vacuum: upkeep?.vacuum && pglite ? { lastAt: await lastVacuumAt(app.db) } : null,
  }));
}
