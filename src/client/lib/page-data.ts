import type { QueryClient } from "@tanstack/react-query";
import { queryKeyOf } from "./queries";

export { queryKeyOf };

/** The script element holding the dehydrated query cache the server rendered a page from. */
export const PAGE_STATE_ID = "page-state";

/**
 * Puts the answers of a page's first reads into a query cache under the keys the app reads them
 * with (lib/queries.ts).
 */
export function seedQueries(queryClient: QueryClient, answers: Record<string, unknown>): void {
  for (const [apiPath, value] of Object.entries(answers)) {
    const key = queryKeyOf(apiPath);
    if (key) queryClient.setQueryData(key, value);
  }
}
