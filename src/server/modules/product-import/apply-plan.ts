import { sql } from "drizzle-orm";
import { COLOR_OPTION, SIZE_OPTION, optionValues, sizeAndColor } from "@shared/catalogue/variants.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import type { ImportFormat } from "./catalogue-model.js";
import { categorySlugFor } from "./catalogue-gateway.js";
import type { PlannedProduct } from "./plan.js";

/**
 * The cheapest variant one can buy sets the product's price (CONTRACT part four): with stock
 * counted, among those with units left (all of them when none has).
 */
function leadVariant(p: PlannedProduct) {
  const buyable = p.countsStock ? p.variants.filter((v) => (v.imported.inventory ?? 0) > 0) : p.variants;
  const pool = buyable.length ? buyable : p.variants;
  return pool.reduce((a, b) => (Number(b.imported.price) < Number(a.imported.price) ? b : a));
}

/**
 * Writes one planned product (created or updated) with its variants, their stock and its
 * pictures, inside the caller's transaction. Shopify's file says nothing of "featured": a product keeps its own.
 * A variant kept keeps its id (cart lines and stock
 * point at it), one the file no longer lists goes, a new one is added.
 */
export async function writePlannedProduct(tx: Db, p: PlannedProduct, format: ImportFormat): Promise<void> {
  const { imported } = p;
  const category = await categorySlugFor(tx, imported.category);
  const lead = leadVariant(p).imported;
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
        track_stock = track_stock or ${p.countsStock}, updated_at = now()
      where id = ${productId}`);
  } else {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into products (handle, name, description, category, options, sizes, colors, images, status,
          attributes, price, original_price, featured, track_stock, in_stock)
        values (${imported.handle}, ${columns.name}, ${columns.description}, ${category}, ${columns.options}::jsonb,
          ${textArray(columns.sizes)}, ${textArray(columns.colors)}, ${columns.images}::jsonb, ${columns.status},
          ${columns.attributes}::jsonb, ${columns.price}, ${columns.originalPrice}, ${imported.featured},
          ${p.countsStock}, true)
        returning id`,
    );
    productId = Number(row.id);
  }
  await writeVariants(tx, productId, p);
}

async function writeVariants(tx: Db, productId: number, p: PlannedProduct): Promise<void> {
  const kept = p.variants.flatMap((v) => (v.storedId === null ? [] : [v.storedId]));
  const ids = (values: number[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  await tx.execute(
    sql`delete from product_variants where product_id = ${productId}
        ${kept.length ? sql`and id not in (${ids(kept)})` : sql``}`,
  );
  // SKUs and option combinations move freely between a product's variants: clear the kept ones' first.
  if (kept.length)
    await tx.execute(
      sql`update product_variants set sku = null, options = jsonb_build_object('_', id) where id in (${ids(kept)})`,
    );
  for (const [position, v] of p.variants.entries()) {
    const { size, color } = sizeAndColor(v.imported.options);
    const values = sql`${JSON.stringify(v.imported.options)}::jsonb, ${size}, ${color}, ${v.imported.price},
      ${v.imported.compareAtPrice}, ${v.imported.sku}, ${v.imageId}`;
    let variantId: number;
    if (v.storedId !== null) {
      variantId = v.storedId;
      await tx.execute(sql`update product_variants set (options, size, color, price, original_price, sku, image_id)
          = (${values}), position = ${position}, updated_at = now() where id = ${variantId}`);
    } else {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into product_variants (product_id, position, options, size, color, price, original_price, sku, image_id)
            values (${productId}, ${position}, ${values}) returning id`,
      );
      variantId = Number(row.id);
    }
    if (p.countsStock)
      await tx.execute(sql`insert into product_stock (product_id, size, color, variant_id, quantity)
          values (${productId}, ${size}, ${color}, ${variantId}, ${v.imported.inventory ?? 0})
          on conflict (variant_id) do update set quantity = excluded.quantity, size = excluded.size, color = excluded.color`);
  }
}
