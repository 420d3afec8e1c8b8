import { PRICE_RANGES } from "@shared/constants.js";
import { facetToken, splitFacetToken } from "@shared/rules/facet-filters.js";
import type { ProductFilters } from "./catalog-api";
import { DEFAULT_SORT, isSortOrder, type SortOrder } from "./product-sorting";

/** The shop's state, kept in the URL so a reload or a shared link shows the same products. */
export interface ShopState {
  /** `f`: the option and attribute values chosen, "Name:Value" (decision 040). */
  filters: Required<Pick<ProductFilters, "category" | "f">> & { priceRange?: string };
  sort: SortOrder;
  view: "grid" | "list";
  /** 1-based page of the matches. */
  page: number;
}

/** The page number in a URL (?page=), 1 when absent or not a positive whole number. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1;
}

/** Sets ?page= (left out for the first page, so the plain list stays the plain list). */
export function writePage(params: URLSearchParams, page: number): URLSearchParams {
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  return params;
}

const PRICE_VALUES = new Set<string>(PRICE_RANGES.map((r) => r.value));

/**
 * The facet choices of a URL (`f=Fabric:Lawn`, repeatable). The shop's older `sizes=M` and
 * `colors=Red` links are the options named Size and Color.
 */
export function readFacetFilters(params: URLSearchParams): string[] {
  return unique([
    ...params.getAll("f").filter((f) => splitFacetToken(f) !== null),
    ...params.getAll("sizes").map((s) => facetToken("Size", s)),
    ...params.getAll("colors").map((c) => facetToken("Color", c)),
  ]);
}

/** Writes the facet choices as repeated `f` parameters. */
export function writeFacetFilters(params: URLSearchParams, filters: readonly string[]): URLSearchParams {
  params.delete("f");
  filters.forEach((f) => params.append("f", f));
  return params;
}

export function readShopState(params: URLSearchParams): ShopState {
  const priceRange = params.get("priceRange");
  const sort = params.get("sort");
  return {
    filters: {
      category: unique(params.getAll("category")),
      priceRange: priceRange && PRICE_VALUES.has(priceRange) ? priceRange : undefined,
      f: readFacetFilters(params),
    },
    sort: isSortOrder(sort) ? sort : DEFAULT_SORT,
    view: params.get("view") === "list" ? "list" : "grid",
    page: readPage(params),
  };
}

/** Defaults are left out of the URL, so the plain /shop stays the plain /shop. */
export function writeShopState(state: ShopState): URLSearchParams {
  const params = new URLSearchParams();
  state.filters.category.forEach((c) => params.append("category", c));
  if (state.filters.priceRange) params.set("priceRange", state.filters.priceRange);
  writeFacetFilters(params, state.filters.f);
  if (state.sort !== DEFAULT_SORT) params.set("sort", state.sort);
  if (state.view !== "grid") params.set("view", state.view);
  return writePage(params, state.page);
}

export function toggleValue(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

export function activeFilterCount(filters: ShopState["filters"]): number {
  return filters.category.length + filters.f.length + (filters.priceRange ? 1 : 0);
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}
