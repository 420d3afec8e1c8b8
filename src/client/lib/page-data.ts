import type { QueryClient } from "@tanstack/react-query";
import { catalogKeys } from "@client/features/catalog/catalog-api";
import { settingsKeys } from "@client/features/settings/settings-api";

/** The query key under which the app keeps the answer of a catalogue read the server inlined. */
export function queryKeyOf(apiPath: string): readonly unknown[] | undefined {
  if (apiPath === "/api/settings") return settingsKeys.all;
  if (apiPath === "/api/categories") return catalogKeys.categories;
  if (apiPath === "/api/products") return catalogKeys.products();
  const product = /^\/api\/products\/(\d+)$/.exec(apiPath);
  return product ? catalogKeys.product(Number(product[1])) : undefined;
}

/**
 * Seeds the query cache with the reads the server inlined into the page (a script element
 * `#page-data` holding `{apiPath: answer}`), so the first render needs no API round trip.
 */
export function seedPageData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById("page-data");
  if (!element?.textContent) return;
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(element.textContent) as Record<string, unknown>;
  } catch {
    return; // the app fetches what it needs itself
  }
  for (const [apiPath, value] of Object.entries(data)) {
    const key = queryKeyOf(apiPath);
    if (key) queryClient.setQueryData(key, value);
  }
  element.remove();
}
