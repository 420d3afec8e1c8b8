/** The SQLSTATE of a database error, as node-postgres and PGlite report it (drizzle wraps it in `cause`). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === "string" ? code : undefined;
}

/** unique_violation: a row with this key already exists. */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === "23505";

/**
 * deadlock_detected or serialization_failure: the statement was rolled back as a whole because
 * of a concurrent writer, and running it again is safe.
 */
export const isRetryableConflict = (err: unknown): boolean => ["40P01", "40001"].includes(sqlState(err) ?? "");
