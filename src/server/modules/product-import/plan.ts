import { MAX_IMAGES_PER_GROUP } from "@shared/constants.js";
import type {
  ImportError,
  ImportedCatalogue,
  ImportedProduct,
  ImportedVariant,
  ImportFormat,
} from "./catalogue-model.js";
import { ImportErrors } from "./import-errors.js";
import type { StoredProduct, StoredVariant } from "./stored-catalogue.js";

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

/** A variant as it will be saved: the stored one it updates (null: a new one) and its picture. */
export interface PlannedVariant {
  imported: ImportedVariant;
  storedId: number | null;
  imageId: string | null;
  change: keyof Counts;
}

export interface PlannedProduct {
  imported: ImportedProduct;
  stored: StoredProduct | null;
  /** The product's pictures as image ids, in order; a picture not fetched is left out. */
  imageIds: string[];
  /** Whether the file gives stock for this product (then stock is counted for each of its variants). */
  countsStock: boolean;
  variants: PlannedVariant[];
  change: keyof Counts;
}

export interface ImportPlan {
  products: PlannedProduct[];
  counts: { products: Counts; variants: Counts };
  errors: ImportErrors;
  /** Pictures past the store's limit for a product, by the line naming them: left out, not fatal. */
  warnings: ImportError[];
}

export interface PlanInput {
  catalogue: ImportedCatalogue;
  /** The store's products with the handles the file names. */
  stored: Map<string, StoredProduct>;
  /** Handles of the store's products by the SKUs the file names (lower-cased), for SKUs held by another product. */
  skuOwners: Map<string, string>;
  /** Picture addresses with the image each is (known, or fetched); for a dry run, unknown addresses are absent. */
  pictures: Map<string, string>;
  /** Addresses a real import would fetch: in a dry run they stand for a new picture. */
  dryRun: boolean;
}

const counts = (): Counts => ({ created: 0, updated: 0, unchanged: 0 });
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortedAttributes = (a: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(a).sort(([x], [y]) => x.localeCompare(y)));

/**
 * The import compared with the store (layer c): a product matched by handle, a variant by SKU,
 * then by its options; each counted created, updated or unchanged. A dry run and the import
 * make the same plan, so they answer the same counts.
 */
export function planImport(input: PlanInput, format: ImportFormat): ImportPlan {
  const errors = new ImportErrors();
  for (const e of input.catalogue.errors) errors.add(e.line, e.column, e.message);
  const plan: ImportPlan = { products: [], counts: { products: counts(), variants: counts() }, errors, warnings: [] };
  const imageOf = (url: string | null): string | null =>
    url === null ? null : (input.pictures.get(url) ?? (input.dryRun ? `new:${url}` : null));

  for (const imported of input.catalogue.products) {
    const stored = input.stored.get(imported.handle) ?? null;
    for (const v of imported.variants) {
      const owner = v.sku ? input.skuOwners.get(v.sku.toLowerCase()) : undefined;
      if (owner && owner !== imported.handle)
        errors.add(
          v.line,
          format === "shopify" ? "Variant SKU" : "SKU",
          `The SKU "${v.sku}" is the store's product "${owner}"'s; give this variant another SKU`,
        );
    }
    const imageIds = keptPictures(imported, imageOf, format, plan.warnings);
    const countsStock = imported.variants.some((v) => v.inventory !== null);
    const unmatched = new Set(stored?.variants ?? []);
    const variants = imported.variants.map((v): PlannedVariant => {
      const match = matchVariant(v, unmatched);
      if (match) unmatched.delete(match);
      const imageId = imageOf(v.imageUrl);
      const planned = {
        imported: v,
        storedId: match?.id ?? null,
        imageId: imageId && imageIds.includes(imageId) ? imageId : null,
      };
      const change = !match ? "created" : sameVariant(v, planned.imageId, match, countsStock) ? "unchanged" : "updated";
      plan.counts.variants[change] += 1;
      return { ...planned, change };
    });
    let change: keyof Counts = "created";
    if (stored) {
      const unchanged =
        unmatched.size === 0 &&
        variants.every((v) => v.change === "unchanged") &&
        stored.title === imported.title &&
        stored.description === imported.description &&
        stored.category.toLowerCase() === imported.category.toLowerCase() &&
        same(sortedAttributes(stored.attributes), sortedAttributes(imported.attributes)) &&
        stored.status === imported.status &&
        (format === "shopify" || stored.featured === imported.featured) &&
        same(stored.options, imported.options) &&
        same(stored.imageIds, imageIds) &&
        // Variants in the file's order are the product's order.
        same(
          stored.variants.map((v) => v.id),
          variants.map((v) => v.storedId),
        );
      change = unchanged ? "unchanged" : "updated";
    }
    plan.counts.products[change] += 1;
    plan.products.push({ imported, stored, imageIds, countsStock, variants, change });
  }
  return plan;
}

/**
 * A product's pictures as image ids, in order (its own, then its variants'), each once, at most
 * the store's limit for a product's pictures (MAX_IMAGES_PER_GROUP, as the product form keeps):
 * each picture past it is named in `warnings` by its line and column.
 */
function keptPictures(
  imported: ImportedProduct,
  imageOf: (url: string) => string | null,
  format: ImportFormat,
  warnings: ImportError[],
): string[] {
  const pictures = [
    ...imported.images.map((i) => ({
      url: i.url,
      line: i.line,
      column: format === "shopify" ? "Image Src" : "Images",
    })),
    ...imported.variants.flatMap((v) =>
      v.imageUrl ? [{ url: v.imageUrl, line: v.line, column: "Variant Image" }] : [],
    ),
  ];
  const kept: string[] = [];
  for (const picture of pictures) {
    const id = imageOf(picture.url);
    if (id === null || kept.includes(id)) continue;
    if (kept.length < MAX_IMAGES_PER_GROUP) kept.push(id);
    else
      warnings.push({
        line: picture.line,
        column: picture.column,
        message: `The product "${imported.handle}" has more than ${MAX_IMAGES_PER_GROUP} pictures (the most a product keeps): ${picture.url.slice(0, 200)} is left out; choose ${MAX_IMAGES_PER_GROUP} to keep it in the file`,
      });
  }
  return kept;
}

/** By SKU first; then by options, a variant whose SKU the file does not name otherwise. */
function matchVariant(v: ImportedVariant, candidates: Set<StoredVariant>): StoredVariant | null {
  if (v.sku) {
    const sku = v.sku.toLowerCase();
    for (const c of candidates) if (c.sku?.toLowerCase() === sku) return c;
  }
  for (const c of candidates) if (same(sortedOptions(c.options), sortedOptions(v.options))) return c;
  return null;
}

const sortedOptions = (o: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).sort(([x], [y]) => x.localeCompare(y)));

function sameVariant(v: ImportedVariant, imageId: string | null, s: StoredVariant, countsStock: boolean): boolean {
  return (
    same(sortedOptions(v.options), sortedOptions(s.options)) &&
    (v.sku ?? null) === (s.sku || null) &&
    Number(v.price) === Number(s.price) &&
    (v.compareAtPrice === null ? null : Number(v.compareAtPrice)) ===
      (s.compareAtPrice === null ? null : Number(s.compareAtPrice)) &&
    (!countsStock || (v.inventory ?? 0) === s.stock) &&
    imageId === s.imageId
  );
}
