export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "newest", label: "Newest First" },
] as const;
export type SortOrder = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortOrder = "newest";

export function isSortOrder(value: string | null): value is SortOrder {
  return SORT_OPTIONS.some((o) => o.value === value);
}

/** The sort in a URL (?sort=), or the page's own default when absent or unknown. */
export function readSort(params: URLSearchParams, fallback: SortOrder): SortOrder {
  const sort = params.get("sort");
  return isSortOrder(sort) ? sort : fallback;
}

/** Sets ?sort= (left out for the page's default, so the plain page stays the plain page). */
export function writeSort(params: URLSearchParams, sort: SortOrder, fallback: SortOrder): URLSearchParams {
  if (sort !== fallback) params.set("sort", sort);
  else params.delete("sort");
  return params;
}
