import { useQuery } from "@tanstack/react-query";
import type { DatabaseUpkeep } from "@shared/schemas/upkeep.js";
import { Badge } from "@client/components/ui/badge";
import { Skeleton } from "@client/components/ui/skeleton";
import { api, errorMessage } from "@client/lib/api";
import { dateTime } from "@client/lib/admin/date-time";

export function useDatabaseUpkeep() {
  return useQuery({
    queryKey: ["/api/admin/database-upkeep"],
    queryFn: () => api<DatabaseUpkeep>("/api/admin/database-upkeep"),
  });
}

/** Settings → Database: where the backups are, when the last one was written, and the tables' upkeep (read-only). */
export function DatabaseUpkeepPanel() {
  const upkeep = useDatabaseUpkeep();
  if (upkeep.isPending) return <Skeleton className="h-32 w-full" />;
  if (upkeep.isError) return <p className="text-sm text-red-700">{errorMessage(upkeep.error)}</p>;
  const { backups, vacuum } = upkeep.data;
  if (upkeep.data.database === "postgres")
    return (
      <p className="text-sm">
        The store runs on PostgreSQL: back it up with pg_dump (see docs/operating/backups.md); its autovacuum keeps the
        tables tidy.
      </p>
    );
  return (
    <div className="space-y-3 text-sm" aria-label="Backups and database upkeep">
      {backups ? (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <Badge className={backups.ok ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}>
              {!backups.ok ? "Needs attention" : backups.lastAt ? "Backed up" : "First backup due"}
            </Badge>
            {backups.lastAt ? `Last backup ${dateTime(backups.lastAt)}.` : `${backups.reason ?? "No backup yet"}.`} A
            backup is written every day; the newest {backups.keep} are kept ({backups.count} now).
          </p>
          <p>
            Folder: <code className="break-all rounded bg-cream px-1">{backups.folder}</code>
          </p>
          {backups.lastError && (
            <p className="text-red-700">
              The last backup failed: {backups.lastError}. Check that the folder exists and the store’s user may write
              there; the next try is within the hour.
            </p>
          )}
          <p className="text-muted">
            Copy this folder to another disk or machine now and then. To restore, see docs/operating/backups.md.
          </p>
        </>
      ) : (
        <p>Automatic backups are off on this server; run npm run backup to write one.</p>
      )}
      {vacuum && (
        <p className="text-muted">
          Tables tidied (VACUUM and ANALYZE): {vacuum.lastAt ? `last ${dateTime(vacuum.lastAt)}` : "not yet"}, checked
          every 10 minutes.
        </p>
      )}
    </div>
  );
}
