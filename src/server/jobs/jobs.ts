import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";

/** Attempts a job gets before it is marked failed, unless its spec or its handler says otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface JobSpec {
  /** Names the handler that runs it (`app.jobs.register(kind, …)`). */
  kind: string;
  /** JSON the handler receives. */
  payload: Record<string, unknown>;
  /** Not before this time; omitted: as soon as possible. */
  runAt?: Date;
  /** While a job with this key is queued or running, enqueueing another one with it does nothing. */
  key?: string;
  maxAttempts?: number;
}

/**
 * One INSERT into the job table, for a CTE of a larger statement (`with job as (…)`), so that a
 * job is recorded in the same statement as the change that causes it. `onlyIf` (e.g. `exists
 * (select 1 from placed)`) skips the job when the change itself inserted nothing.
 */
export function enqueueJobSql(job: JobSpec, onlyIf?: SQL): SQL {
  // "As soon as possible" is -infinity rather than now(): due whatever the runner's clock says.
  const runAt = job.runAt ? sql`${job.runAt.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`;
  return sql`insert into jobs (kind, payload, key, run_at, max_attempts)
    select ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.key ?? null}, ${runAt},
      ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}
    ${onlyIf ? sql`where ${onlyIf}` : sql``}
    on conflict (key) where state in ('queued', 'running') do nothing`;
}

/** Records a job; inside a transaction (pass the transaction as `db`) it commits with it. */
export async function enqueueJob(db: Db, job: JobSpec): Promise<void> {
  await db.execute(enqueueJobSql(job));
}
