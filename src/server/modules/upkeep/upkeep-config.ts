/** The embedded database's upkeep (decision 015). PGlite only: on PostgreSQL it is set and ignored. */
export interface UpkeepConfig {
  /** Vacuum and analyze the tables that changed (PostgreSQL's autovacuum does this there). */
  vacuum?: boolean;
  /** Daily backups into `folder` (BACKUP_DIR), the newest `keep` (BACKUP_KEEP) kept. */
  backups?: { folder: string; keep: number };
}
