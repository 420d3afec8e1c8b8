import { sql } from "drizzle-orm";
import { COLOR_OPTION, SIZE_OPTION, optionValues } from "@shared/catalogue/variants.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import type { ImportFormat } from "./catalogue-model.js";
import { refreshProductPrice, saveVariants } from "../catalogue/index.js";
import { saveStock } from "../stock/index.js";
import { categorySlugFor } from "./catalogue-gateway.js";
import type { PlannedProduct } from "./plan.js";

/**
 * Writes one planned product (created or updated) with its variants, their stock and its
 * pictures, inside the caller's transaction. Shopify's file says nothing of "featured": there a
 * product keeps its own.
 */
export async function writePlannedProduct(
  tx: Db,
  p: PlannedProduct,
  format: ImportFormat,
  categories: Map<string, string>,
): Promise<void> {
  const { imported } = p;
  const key = imported.category.trim().toLowerCase();
  const category = categories.get(key) ?? (await categorySlugFor(tx, imported.category));
  categories.set(key, category);
  // The product's price is its cheapest available variant's: set from the variants below.
  const lead = p.variants[0].imported;
  const options = imported.options;
  const columns = {
    name: imported.title,
    description: imported.description,
    category,
    options: JSON.stringify(options),
    sizes: optionValues(options, SIZE_OPTION),
    colors: optionValues(options, COLOR_OPTION),
    images: JSON.stringify(p.imageIds),
    status: imported.status,
    attributes: JSON.stringify(imported.attributes),
    price: lead.price,
    originalPrice: lead.compareAtPrice,
  };
  const textArray = (values: string[]) =>
    values.length
      ? sql`array[${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )}]::text[]`
      : sql`'{}'::text[]`;
  let productId: number;
  if (p.stored) {
    productId = p.stored.id;
    await tx.execute(sql`update products set name = ${columns.name}, description = ${columns.description},
        category = ${category}, options = ${columns.options}::jsonb, sizes = ${textArray(columns.sizes)},
        colors = ${textArray(columns.colors)}, images = ${columns.images}::jsonb, status = ${columns.status},
        attributes = ${columns.attributes}::jsonb, price = ${columns.price}, original_price = ${columns.originalPrice},
        ${format === "store" ? sql`featured = ${imported.featured},` : sql``}
        updated_at = now()
      where id = ${productId}`);
  } else {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into products (handle, name, description, category, options, sizes, colors, images, status,
          attributes, price, original_price, featured, in_stock)
        values (${imported.handle}, ${columns.name}, ${columns.description}, ${category}, ${columns.options}::jsonb,
          ${textArray(columns.sizes)}, ${textArray(columns.colors)}, ${columns.images}::jsonb, ${columns.status},
          ${columns.attributes}::jsonb, ${columns.price}, ${columns.originalPrice}, ${imported.featured}, true)
        returning id`,
    );
    productId = Number(row.id);
  }
  await writeVariants(tx, productId, p);
}

/**
 * The variants through the catalogue's own writer (a combination kept keeps its id: cart lines and
 * stock point at it), then their counts, then the product's price from them (decision 038). A file
 * without stock keeps the counts of a product that has them, for the variants that stay.
 */
async function writeVariants(tx: Db, productId: number, p: PlannedProduct): Promise<void> {
  const before = p.stored?.variants ?? [];
  const saved = await saveVariants(
    tx,
    productId,
    p.imported.options,
    p.variants.map((v) => ({
      options: v.imported.options,
      price: v.imported.price,
      originalPrice: v.imported.compareAtPrice,
      sku: v.imported.sku,
      imageId: v.imageId,
    })),
  );
  const tracked = before.some((v) => v.stock !== null);
  if (p.countsStock || tracked)
    await saveStock(
      tx,
      productId,
      saved.map((variant, i) => ({
        variant,
        quantity: p.countsStock
          ? (p.variants[i].imported.inventory ?? 0)
          : (before.find((b) => b.id === variant.id)?.stock ?? 0),
      })),
    );
  await refreshProductPrice(tx, productId);
}
