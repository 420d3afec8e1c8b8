import { sql } from "drizzle-orm";
import { COLOR_OPTION, SIZE_OPTION, optionValues, optionsKey, sizeAndColor } from "@shared/catalogue/variants.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import type { ImportFormat } from "./catalogue-model.js";
import { refreshProductPrice, refreshProductPrices, saveVariants } from "../catalogue/index.js";
import { loadStock, lockProductStock, saveStock } from "../stock/index.js";
import { categorySlugFor } from "./catalogue-gateway.js";
import type { PlannedProduct } from "./plan.js";

/** The category slug of a product's category name, looked up (or created) once per import. */
async function categoryOf(tx: Db, name: string, categories: Map<string, string>): Promise<string> {
  const key = name.trim().toLowerCase();
  const slug = categories.get(key) ?? (await categorySlugFor(tx, name));
  categories.set(key, slug);
  return slug;
}

/**
 * Writes a chunk of planned products inside the caller's transaction: the new ones in a few
 * statements for the whole chunk (products, then their variants, then their counts, then their
 * prices), each updated one as writePlannedProduct does. The updated ones' stock rows are locked
 * first, all of them before any product row, as a sale takes them (decision 049).
 */
export async function writePlannedChunk(
  tx: Db,
  chunk: PlannedProduct[],
  format: ImportFormat,
  categories: Map<string, string>,
): Promise<void> {
  await lockProductStock(
    tx,
    chunk.flatMap((p) => p.stored?.id ?? []),
  );
  const created = chunk.filter((p) => !p.stored);
  if (created.length) await writeCreatedProducts(tx, created, categories);
  for (const p of chunk) if (p.stored) await writePlannedProduct(tx, p, format, categories);
}

/** New products of a chunk: one INSERT for the products, one for their variants, one for their counts. */
async function writeCreatedProducts(tx: Db, created: PlannedProduct[], categories: Map<string, string>) {
  const productRows = [];
  for (const p of created) {
    const { imported } = p;
    const lead = p.variants[0].imported;
    productRows.push({
      handle: imported.handle,
      name: imported.title,
      description: imported.description,
      category: await categoryOf(tx, imported.category, categories),
      options: imported.options,
      sizes: optionValues(imported.options, SIZE_OPTION),
      colors: optionValues(imported.options, COLOR_OPTION),
      images: p.imageIds,
      status: imported.status,
      attributes: imported.attributes,
      price: lead.price,
      original_price: lead.compareAtPrice,
      featured: imported.featured,
      track_stock: p.countsStock,
    });
  }
  const ids = await queryRows<{ id: number; handle: string }>(
    tx,
    sql`insert into products (handle, name, description, category, options, sizes, colors, images, status,
          attributes, price, original_price, featured, in_stock, track_stock)
        select x.handle, x.name, x.description, x.category, x.options, x.sizes, x.colors, x.images, x.status,
          x.attributes, x.price, x.original_price, x.featured, true, x.track_stock
        from jsonb_to_recordset(${JSON.stringify(productRows)}::jsonb) as x(handle text, name text, description text,
          category text, options jsonb, sizes text[], colors text[], images jsonb, status text, attributes jsonb,
          price numeric, original_price numeric, featured boolean, track_stock boolean)
        returning id, handle`,
  );
  const idOf = new Map(ids.map((r) => [r.handle, Number(r.id)]));
  // The variants in the product's option order, as the catalogue's own writer stores them.
  const variantRows = created.flatMap((p) =>
    p.variants.map((v, position) => ({
      product_id: idOf.get(p.imported.handle)!,
      position,
      options: Object.fromEntries(p.imported.options.map((o) => [o.name, v.imported.options[o.name]])),
      ...sizeAndColor(v.imported.options),
      price: v.imported.price,
      original_price: v.imported.compareAtPrice,
      sku: v.imported.sku?.trim() || null,
      image_id: v.imageId,
      quantity: p.countsStock ? (v.imported.inventory ?? 0) : null,
    })),
  );
  await tx.execute(
    sql`with x as (
          select * from jsonb_to_recordset(${JSON.stringify(variantRows)}::jsonb) as x(product_id int, position int,
            options jsonb, size text, color text, price numeric, original_price numeric, sku text, image_id text,
            quantity int)
        ), saved as (
          insert into product_variants (product_id, position, options, size, color, price, original_price, sku, image_id)
          select product_id, position, options, size, color, price, original_price, sku, image_id from x
          returning id, product_id, position, size, color
        )
        insert into product_stock (product_id, variant_id, size, color, quantity)
        select saved.product_id, saved.id, saved.size, saved.color, x.quantity
        from saved join x on x.product_id = saved.product_id and x.position = saved.position
        where x.quantity is not null`,
  );
  await refreshProductPrices(
    tx,
    ids.map((r) => Number(r.id)),
  );
}

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
  const category = await categoryOf(tx, imported.category, categories);
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
 * without stock keeps the counts of a product that has them, for the variants that stay: as they
 * are now (the chunk locked them), not as planned, so a sale meanwhile is not undone.
 */
async function writeVariants(tx: Db, productId: number, p: PlannedProduct): Promise<void> {
  const before = p.stored?.variants ?? [];
  const tracked = before.some((v) => v.stock !== null);
  const counted = !p.countsStock && tracked ? ((await loadStock(tx, [productId])).get(productId) ?? []) : [];
  await moveMatchedVariants(tx, productId, p);
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
  if (p.countsStock || tracked)
    await saveStock(
      tx,
      productId,
      saved.map((variant, i) => ({
        variant,
        quantity: p.countsStock
          ? (p.variants[i].imported.inventory ?? 0)
          : (counted.find((c) => c.variantId === variant.id)?.quantity ?? 0),
      })),
    );
  await refreshProductPrice(tx, productId);
}

/**
 * A stored variant the file matches by SKU but names with other options keeps its row (its id,
 * stock and order lines): its options are changed in place before the catalogue's writer, which
 * keeps a variant by its options, sees them. The stored variants the file no longer names go
 * first (the writer would remove them anyway), so a moved variant may take their options; moved
 * ones pass through a placeholder, so two may swap theirs.
 */
async function moveMatchedVariants(tx: Db, productId: number, p: PlannedProduct): Promise<void> {
  const stored = new Map((p.stored?.variants ?? []).map((v) => [v.id, v]));
  const options = p.imported.options;
  const moved = p.variants.filter((v) => {
    const was = v.storedId === null ? undefined : stored.get(v.storedId);
    return was !== undefined && optionsKey(options, was.options) !== optionsKey(options, v.imported.options);
  });
  if (moved.length === 0) return;
  const kept = p.variants.flatMap((v) => v.storedId ?? []);
  await tx.execute(
    sql`delete from product_variants where product_id = ${productId}
        and id not in (select jsonb_array_elements_text(${JSON.stringify(kept)}::jsonb)::int)`,
  );
  for (const v of moved)
    await tx.execute(
      sql`update product_variants set options = ${JSON.stringify({ "moving-to": v.storedId })}::jsonb
          where id = ${v.storedId}`,
    );
  for (const v of moved) {
    const values = Object.fromEntries(options.map((o) => [o.name, v.imported.options[o.name]]));
    const { size, color } = sizeAndColor(values);
    await tx.execute(
      sql`update product_variants set options = ${JSON.stringify(values)}::jsonb, size = ${size}, color = ${color},
          updated_at = now() where id = ${v.storedId}`,
    );
  }
}
