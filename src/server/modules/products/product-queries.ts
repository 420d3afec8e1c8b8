import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { HOME_NEW_ARRIVALS, PRICE_RANGES, PRODUCT_PAGE_SIZE } from "@shared/constants.js";
import { facetToken, groupFacetFilters } from "@shared/rules/facet-filters.js";
import { newestPerCategory } from "@shared/rules/home-products.js";
import { cardOf } from "@shared/catalogue/cards.js";
import type { HomeProducts, Product, ProductListQuery, ProductPage } from "@shared/schemas/products.js";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema.js";
import { toProducts, type ProductRow } from "./product-serialize.js";
import { shownPriceSql } from "../pricing/index.js";
import { shopperFilter } from "../catalogue/index.js";

/** Who reads: shoppers see only products on sale; staff see drafts and archived ones too (decision 039). */
export type Audience = "shopper" | "staff";

/** The extra condition of an audience's reads. */
const audienceFilter = async (db: Db, audience: Audience): Promise<SQL[]> =>
  audience === "staff" ? [] : [await shopperFilter(db)];

/** Without a limit the shop still gets a bounded page: the whole demo catalogue and then some. */
export const DEFAULT_PRODUCT_LIMIT = 200;

const lowerList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v.trim().toLowerCase()}`),
    sql`, `,
  );

/** True when the text array shares an element with `values`, ignoring case ('red' finds 'Red'). */
const overlaps = (column: typeof products.sizes | typeof products.colors, values: string[]) =>
  sql`exists (select 1 from unnest(${column}) as v(item) where lower(v.item) in (${lowerList(values)}))`;

/** LIKE pattern for a plain substring: the user's % and _ are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Blank values (?category=) mean "no filter", as an empty select in the shop does. */
export const given = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean);

/** Products holding any of `values` for each name (values of one name: any; names: all); GIN-indexed. */
export function facetFilterSql(groups: Map<string, string[]>): SQL[] {
  return [...groups].map(
    ([name, values]) =>
      sql`${products.facetTokens} && array[${sql.join(
        values.map((v) => sql`${facetToken(name, v)}`),
        sql`, `,
      )}]::text[]`,
  );
}

/** The shop's chosen price range, if any, as conditions on the shown `price`. */
export function priceRangeFilters(query: ProductListQuery, price: SQL): SQL[] {
  if (!query.priceRange) return [];
  // Ranges meet at their bounds; each bound belongs to the range that starts there.
  const range = PRICE_RANGES.find((r) => r.value === query.priceRange)!;
  const where = [sql`${price} >= ${String(range.min)}::numeric`];
  if (range.max !== null) where.push(sql`${price} < ${String(range.max)}::numeric`);
  return where;
}

/**
 * What GET /api/products and the facets filter by, but the facet choices (`f`): the shop's other
 * filters. `withPrice` false leaves out the price range (the price span's own choice).
 */
export function baseFiltersOf(query: ProductListQuery, price: SQL, withPrice = true): SQL[] {
  const where: SQL[] = [];
  const [category, sizes, colors] = [given(query.category), given(query.sizes), given(query.colors)];
  if (category.length) where.push(sql`lower(${products.category}) in (${lowerList(category)})`);
  if (withPrice) where.push(...priceRangeFilters(query, price));
  if (sizes.length) where.push(overlaps(products.sizes, sizes));
  if (colors.length) where.push(overlaps(products.colors, colors));
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(
      or(
        sql`${products.name} ilike ${pattern}`,
        sql`${products.description} ilike ${pattern}`,
        sql`${products.sku} ilike ${pattern}`,
        sql`${products.category} ilike ${pattern}`,
      )!,
    );
  }
  return where;
}

/**
 * True when baseFiltersOf reads no more of a product than its category and price, which the
 * facet roll-up keeps (decision 051): no search text and no old `sizes`/`colors` parameters.
 * A filter added to baseFiltersOf that reads another column must make this false when given (the
 * roll-up would otherwise be asked for a column it has not: an error, never a wrong count).
 */
export const filtersOnCountedColumns = (query: ProductListQuery): boolean =>
  !query.q && given(query.sizes).length === 0 && given(query.colors).length === 0;

/** `price`: the price the shopper sees (an automatic sale's while one is live), as SQL. */
function filtersOf(query: ProductListQuery, price: SQL): SQL[] {
  return [...baseFiltersOf(query, price), ...facetFilterSql(groupFacetFilters(given(query.f)))];
}

function orderOf(sort: ProductListQuery["sort"], price: SQL): SQL[] {
  const newest = [desc(products.createdAt), desc(products.id)];
  switch (sort) {
    case "price-asc":
      return [asc(price), ...newest];
    case "price-desc":
      return [desc(price), ...newest];
    case "featured":
      return [desc(products.featured), ...newest];
    default:
      return newest;
  }
}

/**
 * GET /api/products: the bare list of SPEC §7 (limit/offset, at most 200 by default), or with
 * `page`/`pageSize` one page of every match and their count.
 */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
  audience: Audience = "shopper",
): Promise<Product[] | ProductPage> {
  return isPageQuery(query) ? pageProducts(db, query, audience) : listAll(db, query, audience);
}

async function listAll(db: Db, query: ProductListQuery, audience: Audience): Promise<Product[]> {
  const price = await shownPriceSql(db);
  const where = [...filtersOf(query, price), ...(await audienceFilter(db, audience))];
  const rows = await db
    .select()
    .from(products)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...orderOf(query.sort, price))
    .limit(query.limit ?? DEFAULT_PRODUCT_LIMIT)
    .offset(query.offset ?? 0);
  return toProducts(db, rows);
}

/** True when the query asks for a page (the answer is then a ProductPage, not a bare list). */
export const isPageQuery = (query: ProductListQuery) => query.page !== undefined || query.pageSize !== undefined;

/**
 * One page of every match, in the asked order, with the count of every match: the shop, a
 * collection and search at any catalogue size. The count and the page are one statement.
 */
export async function pageProducts(
  db: Db,
  query: ProductListQuery,
  audience: Audience = "shopper",
): Promise<ProductPage> {
  const price = await shownPriceSql(db);
  const where = [...filtersOf(query, price), ...(await audienceFilter(db, audience))];
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? PRODUCT_PAGE_SIZE;
  const rows = await db
    .select({ product: products, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...orderOf(query.sort, price))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // A page past the end has no rows to carry the count: count on its own then.
  const total =
    rows[0]?.total ??
    (page > 1
      ? Number(
          (
            await db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(products)
              .where(where.length ? and(...where) : undefined)
          )[0].n,
        )
      : 0);
  return {
    products: await toProducts(
      db,
      rows.map((r) => r.product),
    ),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/**
 * GET /api/products/home: the newest product of each category and the newest arrivals, as cards, two
 * small reads whatever the catalogue's size (the home page once read the whole list and picked
 * these in the browser, which stopped at the 200 newest and sent every one of them).
 */
export async function homeProducts(db: Db): Promise<HomeProducts> {
  const newest = [desc(products.createdAt), desc(products.id)];
  const onSale = await shopperFilter(db);
  const [perCategory, arrivals] = await Promise.all([
    db
      .selectDistinctOn([products.category])
      .from(products)
      .where(onSale)
      .orderBy(products.category, ...newest),
    db
      .select()
      .from(products)
      .where(onSale)
      .orderBy(...newest)
      .limit(HOME_NEW_ARRIVALS),
  ]);
  const [hero, newArrivals] = await Promise.all([toProducts(db, perCategory), toProducts(db, arrivals)]);
  return { hero: newestPerCategory(hero).map(cardOf), newArrivals: newArrivals.map(cardOf) };
}

export async function findProductRow(db: Db, id: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/** The product with this id, as the audience may see it (null: none, or not for them). */
export async function getProduct(db: Db, id: number, audience: Audience = "staff"): Promise<Product | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), ...(await audienceFilter(db, audience))));
  return row ? (await toProducts(db, [row]))[0] : null;
}

/** GET /api/products/by-handle/{handle}: the product at this address, as the audience may see it. */
export async function getProductByHandle(db: Db, handle: string, audience: Audience): Promise<Product | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.handle, handle), ...(await audienceFilter(db, audience))));
  return row ? (await toProducts(db, [row]))[0] : null;
}
