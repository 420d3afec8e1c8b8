import type { ImageRef } from "@shared/schemas/common.js";
import type { Product } from "@shared/schemas/products.js";
import type { Db } from "../../db/client.js";
import type { products } from "../../db/schema.js";
import { flagsFromStock } from "@shared/rules/stock.js";
import type { Variant } from "@shared/catalogue/variants.js";
import { findImageRefs } from "../images/index.js";
import { loadVariants, type CatalogueVariant } from "../catalogue/index.js";
import { loadStock } from "../stock/index.js";
import { salePricer } from "../pricing/index.js";

type Counted = { variantId: number; size: string; color: string; quantity: number };
type SalePrice = (v: { price: string; originalPrice: string | null }) => {
  price: string;
  originalPrice: string | null;
};

export type ProductRow = typeof products.$inferSelect;

/** Timestamps come from the drivers as '2025-01-01 10:00:00.123+00'; the API speaks ISO 8601. */
export function toIso(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function imageIdsOf(row: ProductRow): string[] {
  return [...row.images, ...Object.values(row.colorVariantImages).flat()];
}

function pick(ids: string[], refs: Map<string, ImageRef>): ImageRef[] {
  return ids.flatMap((id) => refs.get(id) ?? []);
}

/**
 * The API shape of one product row, with image ids resolved from `refs`, its variants (decision
 * 038: `available`, and `stock` where counted) at the prices `priced` shows (a live sale's).
 */
export function toProduct(
  row: ProductRow,
  refs: Map<string, ImageRef>,
  variants: CatalogueVariant[] = [],
  stock?: Counted[],
  priced: SalePrice = (v) => v,
): Product {
  const colorVariantImages: Record<string, ImageRef[]> = {};
  for (const [color, ids] of Object.entries(row.colorVariantImages)) {
    const list = pick(ids, refs);
    if (list.length > 0) colorVariantImages[color] = list;
  }
  const colorVariantStock: Record<string, boolean> = {};
  for (const color of row.colors) colorVariantStock[color] = row.colorVariantStock[color] ?? true;
  // A tracked product's flags follow its counts (and the admin's own "out of stock" still wins).
  const unitsOf = (v: CatalogueVariant) => stock?.find((s) => s.variantId === v.id)?.quantity ?? 0;
  const variantStock = row.trackStock
    ? variants.map((v) => ({ size: v.size, color: v.color, quantity: unitsOf(v) }))
    : undefined;
  const counted = variantStock ? flagsFromStock(row.colors, variantStock) : null;
  if (counted) for (const color of row.colors) colorVariantStock[color] &&= counted.colorVariantStock[color];
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    description: row.description,
    price: row.price,
    originalPrice: row.originalPrice,
    category: row.category,
    sizes: row.sizes,
    colors: row.colors,
    inStock: row.inStock && (counted?.inStock ?? true) ? 1 : 0,
    featured: row.featured ? 1 : 0,
    createdAt: toIso(row.createdAt),
    images: pick(row.images, refs),
    colorVariantImages,
    colorVariantStock,
    ...(variantStock ? { variantStock } : {}),
    options: row.options,
    variants: variants.map((v): Variant => {
      const units = row.trackStock ? unitsOf(v) : undefined;
      return {
        id: v.id,
        options: v.options,
        ...priced(v),
        sku: v.sku,
        available: row.inStock && (!v.color || colorVariantStock[v.color] !== false) && (units ?? 1) > 0,
        ...(v.imageId ? { imageId: v.imageId } : {}),
        ...(units !== undefined ? { stock: units } : {}),
      };
    }),
  };
}

/** Serialises a list of rows, resolving every image of every row in one query. */
export async function toProducts(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const refs = await findImageRefs(db, [...new Set(rows.flatMap(imageIdsOf))]);
  const stock = await loadStock(
    db,
    rows.filter((r) => r.trackStock).map((r) => r.id),
  );
  const variants = await loadVariants(
    db,
    rows.map((r) => r.id),
  );
  // Automatic sales change the public price everywhere a product is shown (modules/pricing).
  const priced = await salePricer(db);
  return rows.map((row) => {
    const onSale: SalePrice = (v) => {
      const { price, originalPrice } = priced({ ...row, ...v });
      return { price, originalPrice };
    };
    return { ...toProduct(row, refs, variants.get(row.id), stock.get(row.id), onSale), ...priced(row) };
  });
}
