import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  combinations,
  optionsFromSizesAndColors,
  optionsKey,
  sizeAndColor,
  type ProductOption,
  type VariantOptions,
} from "@shared/catalogue/variants.js";
import type { Db } from "../../db/client.js";
import { products, productVariants } from "../../db/schema.js";
import { queryRows } from "../../db/rows.js";

/** A variant as the catalogue reads it (decision 038). */
export interface CatalogueVariant {
  id: number;
  position: number;
  options: VariantOptions;
  size: string;
  color: string;
  price: string;
  originalPrice: string | null;
  sku: string | null;
  imageId: string | null;
}

/** What a product's variant is saved as: its options and its own price, compare-at price, SKU and picture. */
export interface VariantValues {
  options: VariantOptions;
  price: string;
  originalPrice: string | null;
  sku: string | null;
  imageId: string | null;
}

type Writer = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  position: productVariants.position,
  options: productVariants.options,
  size: productVariants.size,
  color: productVariants.color,
  price: productVariants.price,
  originalPrice: productVariants.originalPrice,
  sku: productVariants.sku,
  imageId: productVariants.imageId,
};

/** The variants of the given products, in position order, by product id (every id present). */
export async function loadVariants(db: Writer, productIds: number[]): Promise<Map<number, CatalogueVariant[]>> {
  const byProduct = new Map<number, CatalogueVariant[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .where(inArray(productVariants.productId, [...new Set(productIds)]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  for (const { productId, ...v } of rows) byProduct.get(productId)?.push(v);
  return byProduct;
}

/**
 * Makes a product's variants exactly `wanted`, in that order. A combination already sold keeps
 * its id (cart lines and stock rows point at it), one no longer listed goes (with its cart lines
 * and stock), a new one is added. Call it in the transaction that updates the product row, so
 * the row's version changes with its variants (order placement checks that version). Answers
 * the saved variants, in `wanted`'s order.
 */
export async function saveVariants(
  db: Writer,
  productId: number,
  options: ProductOption[],
  wanted: VariantValues[],
): Promise<CatalogueVariant[]> {
  const existing = (await loadVariants(db, [productId])).get(productId)!;
  const byKey = new Map(existing.map((v) => [optionsKey(options, v.options), v]));
  const keep = new Set(wanted.map((w) => byKey.get(optionsKey(options, w.options))?.id).filter(Boolean));
  const gone = existing.filter((v) => !keep.has(v.id)).map((v) => v.id);
  if (gone.length) await db.delete(productVariants).where(inArray(productVariants.id, gone));
  // SKUs move freely between a product's variants: clear the kept ones' first, so a swap is no clash.
  if (keep.size)
    await db
      .update(productVariants)
      .set({ sku: null })
      .where(inArray(productVariants.id, [...keep] as number[]));
  const saved: CatalogueVariant[] = [];
  for (const [position, w] of wanted.entries()) {
    const values = {
      position,
      // In the product's option order, so the stored object reads like the options.
      options: Object.fromEntries(options.map((o) => [o.name, w.options[o.name]])),
      ...sizeAndColor(w.options),
      price: w.price,
      originalPrice: w.originalPrice,
      sku: w.sku?.trim() || null,
      imageId: w.imageId,
      updatedAt: sql`now()`,
    };
    const old = byKey.get(optionsKey(options, w.options));
    const [row] = old
      ? await db.update(productVariants).set(values).where(eq(productVariants.id, old.id)).returning(variantColumns)
      : await db
          .insert(productVariants)
          .values({ productId, ...values })
          .returning(variantColumns);
    const { productId: _, ...variant } = row;
    saved.push(variant);
  }
  return saved;
}

/**
 * A product as the spec knows it (sizes, colours, one price) gets its options, Size and Color, and
 * one variant per combination at its price: what the demo seed and the test factory write.
 */
export async function saveSpecVariants(
  db: Writer,
  product: { id: number; sizes: string[]; colors: string[]; price: string; originalPrice: string | null },
): Promise<CatalogueVariant[]> {
  const options = optionsFromSizesAndColors(product.sizes, product.colors);
  await db.update(products).set({ options }).where(eq(products.id, product.id));
  return saveVariants(
    db,
    product.id,
    options,
    combinations(options).map((combo) => ({
      options: combo,
      price: product.price,
      originalPrice: product.originalPrice,
      sku: null,
      imageId: null,
    })),
  );
}

/**
 * products.price and original_price are the cheapest available variant's (a variant is available
 * when the product is in stock, its colour is not marked sold out and, where stock is counted, a
 * unit is left), so sorting and price filters read one column; with none available, the cheapest.
 */
export async function refreshProductPrice(db: Writer, productId: number): Promise<void> {
  await refreshProductPrices(db, [productId]);
}

/**
 * refreshProductPrice for many products in one statement (a product import's chunk). The rule lives
 * in the database (migration 0029), where a change of counts also applies it.
 */
export async function refreshProductPrices(db: Writer, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(
    sql`select product_refresh_price(array(select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::int))`,
  );
}

/**
 * A product's option names in the order shoppers choose them, as a SQL text[] over the products
 * row `p` (`products.options` is `[{name, values}]`): the order `variantLabel` names a variant in.
 */
export const optionNamesSql = (p: SQL): SQL =>
  sql`(select array_agg(o ->> 'name' order by k) from jsonb_array_elements(${p}.options) with ordinality as e(o, k))`;

/** SKUs of `skus` already taken by a variant of another product than `productId`. */
export async function skusTakenElsewhere(db: Writer, productId: number | null, skus: string[]): Promise<string[]> {
  const wanted = [...new Set(skus.map((s) => s.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await queryRows<{ sku: string }>(
    db as Db,
    sql`select sku from product_variants
        where sku in (select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))
          and product_id <> ${productId ?? 0}`,
  );
  return rows.map((r) => r.sku);
}
