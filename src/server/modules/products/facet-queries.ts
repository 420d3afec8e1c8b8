import { and, sql, type SQL } from "drizzle-orm";
import { compareFacetValues, groupFacetFilters, splitFacetToken } from "@shared/rules/facet-filters.js";
import type { Facets } from "@shared/schemas/attributes.js";
import type { ProductListQuery } from "@shared/schemas/products.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { products } from "../../db/schema.js";
import { listAttributes } from "../attributes/index.js";
import { shopperFilter } from "../catalogue/index.js";
import { shownPriceSql } from "../pricing/index.js";
import { baseFiltersOf, facetFilterSql, given } from "./product-queries.js";

type Counts = Map<string, Map<string, number>>;

/** How many filtered products hold each token (of `only`'s name when given): one scan of the matches. */
async function countTokens(db: Db, where: SQL[], only?: string): Promise<Counts> {
  const tokens = only
    ? sql`(select t from unnest(${products.facetTokens}) as t where starts_with(t, ${`${only}:`}))`
    : sql`unnest(${products.facetTokens})`;
  const rows = await queryRows<{ token: string; n: number | string }>(
    db,
    sql`select token, count(*) as n from ${products}, lateral ${tokens} as u(token)
        where ${and(...where)} group by token`,
  );
  const counts: Counts = new Map();
  for (const row of rows) {
    const parts = splitFacetToken(row.token);
    if (!parts) continue;
    const [name, value] = parts;
    if (!counts.has(name)) counts.set(name, new Map());
    counts.get(name)!.set(value, Number(row.n));
  }
  return counts;
}

/**
 * GET /api/products/facets: for every option and attribute in use, how many products match each
 * value with every filter applied but that facet's own choice (decision 040), and the span of
 * shown prices with every filter but the price range. One query for the unchosen facets, one per
 * chosen name, one for the prices.
 */
export async function productFacets(db: Db, query: ProductListQuery): Promise<Facets> {
  const price = await shownPriceSql(db);
  // Shoppers' counts: drafts and archived products are in none (decision 039's one condition).
  const visible = await shopperFilter(db);
  const base = [...baseFiltersOf(query, price), visible];
  const chosen = groupFacetFilters(given(query.f));
  const others = (name: string | null) => facetFilterSql(new Map([...chosen].filter(([n]) => n !== name)));
  const [all, perChosen, span, kept] = await Promise.all([
    countTokens(db, [...base, ...others(null)]),
    Promise.all([...chosen.keys()].map((name) => countTokens(db, [...base, ...others(name)], name))),
    queryRows<{ min: string | null; max: string | null }>(
      db,
      sql`select floor(min(${price})) as min, ceil(max(${price})) as max from ${products}
          where ${and(...baseFiltersOf(query, price, false), visible, ...others(null))}`,
    ),
    listAttributes(db),
  ]);
  [...chosen.keys()].forEach((name, i) => all.set(name, perChosen[i].get(name) ?? new Map()));

  const attributeOrder = new Map(kept.map((a, i) => [a.name, i]));
  const names = [...new Set([...all.keys(), ...chosen.keys()])].sort(
    (a, b) =>
      (attributeOrder.get(a) ?? -1) - (attributeOrder.get(b) ?? -1) ||
      a.localeCompare(b, "en", { sensitivity: "base" }),
  );
  const facets = names.map((name) => {
    const counts = all.get(name) ?? new Map<string, number>();
    for (const value of chosen.get(name) ?? []) if (!counts.has(value)) counts.set(value, 0);
    const listed = kept.find((a) => a.name === name)?.values ?? [];
    const rank = (v: string) => (listed.includes(v) ? listed.indexOf(v) : listed.length);
    const values = [...counts.keys()].sort((a, b) => rank(a) - rank(b) || compareFacetValues(a, b));
    return { name, values: values.map((value) => ({ value, count: counts.get(value)! })) };
  });
  const [{ min, max }] = span;
  return { facets, price: { min: min === null ? null : Number(min), max: max === null ? null : Number(max) } };
}
