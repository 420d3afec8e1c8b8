import { sql, type SQL } from "drizzle-orm";
import type { DiscountRule } from "@shared/rules/discounts.js";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema.js";
import { saleBookOf } from "./sale-book.js";

/**
 * The price a shopper sees, as SQL over `products`, for the catalogue's price sort and price
 * filter (decision 024): the regular price with no sale live, else the lowest price a live sale
 * in scope makes it. The same rule as `salePricePaisa` (shared/rules/discounts.ts), in whole
 * paisa: a percentage rounded half up to the rupee, a fixed amount never below zero.
 * sale-price-sql.test.ts holds the two equal over random prices and sales.
 */
export function shownPriceOf(sales: readonly DiscountRule[]): SQL {
  if (sales.length === 0) return sql`${products.price}`;
  const paisa = sql`(round(${products.price} * 100)::bigint)`;
  const prices = sales.map((sale) => {
    const reduction =
      sale.kind === "percent"
        ? sql`least(${paisa}, ((${paisa} * ${Math.round(sale.value)}::bigint + 5000) / 10000) * 100)`
        : sql`least(${paisa}, ${Math.round(sale.value) * 100}::bigint)`;
    const everything = sale.categories.length === 0 && sale.productIds.length === 0;
    const scope = everything
      ? sql`true`
      : sql`(${products.id} = any(${`{${sale.productIds.join(",")}}`}::int[])
             or ${products.category} = any(${toTextArray(sale.categories)}::text[]))`;
    return sql`case when ${scope} then ${paisa} - ${reduction} end`;
  });
  // least() skips the nulls of sales out of scope.
  return sql`(least(${paisa}, ${sql.join(prices, sql`, `)})::numeric / 100)`;
}

/** A PostgreSQL array literal of texts, each quoted (a slug may hold a comma or a quote). */
const toTextArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;

/** The shown price's SQL under the sales live now (the regular price for a database no app serves). */
export async function shownPriceSql(db: Db): Promise<SQL> {
  return (await shownPriceWithNamed(db)).price;
}

/**
 * The shown price's SQL and the products the same live sales name one by one (their price reads
 * `products.id`; every other product's reads only its price and category): what a reader of the
 * facet roll-up, which keeps no ids, needs to look up apart (decision 051).
 */
export async function shownPriceWithNamed(db: Db): Promise<{ price: SQL; namedProductIds: number[] }> {
  const sales = (await saleBookOf(db)?.live()) ?? [];
  return { price: shownPriceOf(sales), namedProductIds: [...new Set(sales.flatMap((s) => s.productIds))] };
}
