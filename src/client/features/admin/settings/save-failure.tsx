import { ApiError, errorMessage } from "@client/lib/api";

/** The fields a failed save names, to show under each field. */
export const fieldErrors = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.details : {});

/** A failed save that names no field (a refused field says so under itself instead). */
export function SaveFailure({ error }: { error: unknown }) {
  if (!error || Object.keys(fieldErrors(error)).length) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {errorMessage(error)}
    </p>
  );
}
