import { and, or, sql, type SQL } from "drizzle-orm";
import { compareFacetValues, groupFacetFilters, splitFacetToken } from "@shared/rules/facet-filters.js";
import type { Facets } from "@shared/schemas/attributes.js";
import type { ProductListQuery } from "@shared/schemas/products.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { productFacetCounts, products } from "../../db/schema.js";
import { listAttributes } from "../attributes/index.js";
import { shopperFilter } from "../catalogue/index.js";
import { shownPriceWithNamed } from "../pricing/index.js";
import { baseFiltersOf, facetFilterSql, filtersOnCountedColumns, given, priceRangeFilters } from "./product-queries.js";

type Counts = Map<string, Map<string, number>>;

interface FacetRow {
  token: string | null;
  n: number | string | null;
  min: string | null;
  max: string | null;
}

/** What the facets count over: rows under the name `products`, and how many products a row stands for. */
interface Source {
  from: SQL;
  count: (where?: SQL) => SQL;
}

/** The products themselves, one row each: any filter can be applied. */
const everyProduct: Source = {
  from: sql`${products}`,
  count: (where) => (where ? sql`count(*) filter (where ${where})` : sql`count(*)`),
};

/**
 * The roll-up (decision 051), its slots netted, under the name `products`: its columns are named
 * as the products' they count, so the list's own conditions (category, facet choices, the price
 * range, visibility, the shown price) read it unchanged. Products a live sale names one by one
 * (their shown price reads their id) are taken out of it and read from products by id instead.
 */
function countedProducts(named: number[]): Source {
  const keys = sql`facet_tokens, category, price, status, publish_at`;
  const ids = sql`${`{${named.join(",")}}`}::int[]`;
  const counted = named.length
    ? sql`select ${keys}, n from ${productFacetCounts}
          union all
          select facet_tokens, category, price, status, facet_publish_at(status, publish_at), -1
          from ${products} where id = any(${ids})`
    : sql`select ${keys}, n from ${productFacetCounts}`;
  const apart = named.length ? sql`union all select id, ${keys}, 1 from ${products} where id = any(${ids})` : sql``;
  return {
    from: sql`(select null::int as id, ${keys}, sum(n) as n from (${counted}) c
               group by ${keys} having sum(n) > 0 ${apart}) as ${products}`,
    count: (where) => (where ? sql`coalesce(sum(${products}.n) filter (where ${where}), 0)` : sql`sum(${products}.n)`),
  };
}

/**
 * One statement, one pass over the products that miss at most one chosen facet name (decision
 * 045). The matches are first grouped by their whole token set (a catalogue has far fewer distinct
 * sets than products), each set judged once for which chosen names it misses; then a set's tokens
 * count for every facet when it misses none, and for the one missed name's own facet when it
 * misses exactly one: "every filter applied but that facet's own choice". The price span is read
 * from the sets that miss none, over every filter but the price range.
 */
function facetSql(source: Source, base: SQL[], priceRange: SQL[], price: SQL, chosen: Map<string, string[]>): SQL {
  const names = [...chosen.keys()];
  const holds = names.map((name) => facetFilterSql(new Map([[name, chosen.get(name)!]]))[0]);
  // With two or more names chosen, a product must hold all but one of them (GIN-indexed).
  const nearly = names.length < 2 ? [] : [or(...holds.map((_, i) => and(...holds.filter((__, j) => j !== i))))!];
  const missed = names.length
    ? sql`array_remove(array[${sql.join(
        names.map((name, i) => sql`case when not (${holds[i]}) then ${name} end`),
        sql`, `,
      )}]::text[], null)`
    : sql`'{}'::text[]`;
  const inRange = source.count(priceRange.length ? and(...priceRange) : undefined);
  return sql`
    with sets as (
      select ${products.facetTokens} as tokens, ${inRange} as n, min(${price}) as lo, max(${price}) as hi,
             ${missed} as missed
      from ${source.from} where ${and(...base, ...nearly)} group by ${products.facetTokens}
    )
    select u.token, sum(s.n) as n, null::numeric as min, null::numeric as max
    from sets s, unnest(s.tokens) as u(token)
    where s.n > 0 and (cardinality(s.missed) = 0
      or (cardinality(s.missed) = 1 and starts_with(u.token, s.missed[1] || ':')))
    group by u.token
    union all
    select null, null, floor(min(lo)), ceil(max(hi)) from sets where cardinality(missed) = 0`;
}

/**
 * GET /api/products/facets: for every option and attribute in use, how many products match each
 * value with every filter applied but that facet's own choice (decision 040), and the span of
 * shown prices with every filter but the price range. One statement (facetSql), over the roll-up
 * whenever the filters allow (decision 051), else over the products.
 */
export async function productFacets(db: Db, query: ProductListQuery): Promise<Facets> {
  const { price, namedProductIds } = await shownPriceWithNamed(db);
  // Shoppers' counts: drafts and archived products are in none (decision 039's one condition).
  const visible = await shopperFilter(db);
  const chosen = groupFacetFilters(given(query.f));
  // The roll-up answers exactly whenever the filters read only what it keeps (decision 051).
  const source = filtersOnCountedColumns(query) ? countedProducts(namedProductIds) : everyProduct;
  const [rows, kept] = await Promise.all([
    queryRows<FacetRow>(
      db,
      facetSql(
        source,
        [...baseFiltersOf(query, price, false), visible],
        priceRangeFilters(query, price),
        price,
        chosen,
      ),
    ),
    listAttributes(db),
  ]);
  const all: Counts = new Map();
  let span: FacetRow = { token: null, n: null, min: null, max: null };
  for (const row of rows) {
    if (row.token === null) {
      span = row;
      continue;
    }
    const parts = splitFacetToken(row.token);
    if (!parts) continue;
    const [name, value] = parts;
    if (!all.has(name)) all.set(name, new Map());
    all.get(name)!.set(value, Number(row.n));
  }

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
  const { min, max } = span;
  return { facets, price: { min: min === null ? null : Number(min), max: max === null ? null : Number(max) } };
}
