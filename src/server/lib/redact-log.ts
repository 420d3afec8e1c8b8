/**
 * What of an unexpected error goes to the log. Drizzle puts a failed query's parameters in its
 * message (customers' names, phones, addresses) and PostgreSQL's `detail` repeats key values;
 * the log keeps the query's shape and the database's error, never the values.
 */
export function redactForLog(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { message: "non-error thrown", type: typeof err, stack: "" };
  const strip = (text: string | undefined) => text?.replace(/\nparams: [\s\S]*$/, "\nparams: [redacted]");
  const cause = err.cause as { message?: string; code?: string; detail?: string } | undefined;
  return {
    type: err.name,
    message: strip(err.message) ?? "",
    stack: err.stack?.replace(err.message, strip(err.message) ?? "") ?? "",
    code: (err as { code?: string }).code,
    query: (err as { query?: string }).query,
    cause: cause && {
      message: cause.message?.replace(/\(.*\)=\(.*\)/g, "(…)=(…)"),
      code: cause.code,
      detail: cause.detail ? "[redacted]" : undefined,
    },
  };
}
