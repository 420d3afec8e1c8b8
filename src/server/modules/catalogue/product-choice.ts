import { inArray, sql } from "drizzle-orm";
import { colorInStock, PURCHASE_MESSAGES } from "@shared/rules/purchase.js";
import { itemLabel, type ProductOption } from "@shared/catalogue/variants.js";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema.js";
import { findImageRefs } from "../images/index.js";
import { loadVariants, type CatalogueVariant } from "./variant-store.js";

/** The catalogue columns that decide whether a line may be bought, and at what price. */
export const choiceColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  price: products.price,
  category: products.category,
  sizes: products.sizes,
  colors: products.colors,
  inStock: products.inStock,
  images: products.images,
  colorVariantImages: products.colorVariantImages,
  colorVariantStock: products.colorVariantStock,
  trackStock: products.trackStock,
  options: products.options,
};

export type ChoiceProduct = {
  id: number;
  name: string;
  sku: string;
  price: string;
  category: string;
  sizes: string[];
  colors: string[];
  inStock: boolean;
  images: string[];
  colorVariantImages: Record<string, string[]>;
  colorVariantStock: Record<string, boolean>;
  /** Quantities per size and colour are in product_stock, taken by order placement. */
  trackStock: boolean;
  options: ProductOption[];
  /** The combinations on sale (decision 038), in position order. */
  variants: CatalogueVariant[];
};

export async function loadChoiceProducts(db: Db, ids: number[]): Promise<Map<number, ChoiceProduct>> {
  return loadVersioned(db, ids);
}

/** A product as read, with its row version: a later statement can check the row is unchanged. */
export type VersionedProduct = ChoiceProduct & { version: string };

async function loadVersioned(db: Db, ids: number[]): Promise<Map<number, VersionedProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    // xmin changes with every update of the row: PostgreSQL's own optimistic-concurrency token.
    .select({ ...choiceColumns, version: sql<string>`xmin::text` })
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  const variants = await loadVariants(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, { ...r, variants: variants.get(r.id) ?? [] }]));
}

const remembered = new WeakMap<Db, Map<number, VersionedProduct>>();
const MAX_REMEMBERED = 5_000;

/**
 * Products as last read, from memory where possible (`fromDatabase` reads them all again). Memory
 * may be stale, so whoever relies on these must check their versions in the very statement that
 * writes (as order placement does) and call `forgetChoiceProducts` when the check fails.
 */
export async function rememberedChoiceProducts(
  db: Db,
  ids: number[],
  fromDatabase = false,
): Promise<Map<number, VersionedProduct>> {
  let known = remembered.get(db);
  if (!known) remembered.set(db, (known = new Map()));
  const wanted = [...new Set(ids)];
  const missing = fromDatabase ? wanted : wanted.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const loaded = await loadVersioned(db, missing);
    for (const id of missing) {
      known.delete(id);
      const product = loaded.get(id);
      if (!product) continue;
      if (known.size >= MAX_REMEMBERED) known.delete(known.keys().next().value!);
      known.set(id, product);
    }
  }
  const found = new Map<number, VersionedProduct>();
  for (const id of wanted) {
    const product = known.get(id);
    if (product) found.set(id, product);
  }
  return found;
}

export function forgetChoiceProducts(db: Db, ids: number[]): void {
  const known = remembered.get(db);
  for (const id of ids) known?.delete(id);
}

/** Why a size/colour choice cannot be bought; `kind` lets the caller pick the HTTP status. */
export type ChoiceProblem = { kind: "choice" | "stock"; message: string };
export type ChoiceResult =
  { ok: true; size: string; color: string; variant: CatalogueVariant } | { ok: false; problem: ChoiceProblem };

const pick = (offered: string[], wanted: string) =>
  offered.find((o) => o.trim().toLowerCase() === wanted.toLowerCase());

/**
 * The spec's add-to-cart rules, in its order (size, colour, colour stock), applied on the server,
 * then the variant they name (decision 038). A variant chosen by id must be one of this product's
 * (else 409: not sold); size and colour name the one variant with those values, and a product
 * whose other options they leave open asks for the variant. A product that offers no sizes (or
 * colours) takes an empty one. Returns the catalogue's own spelling so lines merge whatever the
 * client's letter case.
 */
export function checkChoice(product: ChoiceProduct, size: string, color: string, variantId?: number): ChoiceResult {
  const fail = (kind: ChoiceProblem["kind"], message: string): ChoiceResult => ({
    ok: false,
    problem: { kind, message },
  });
  if (!product.inStock) return fail("stock", `${product.name} is out of stock`);
  if (variantId !== undefined) {
    const variant = product.variants.find((v) => v.id === variantId);
    if (!variant) return fail("stock", `${product.name} is not sold in the variant chosen (#${variantId})`);
    if (variant.color && !colorInStock(product, variant.color)) return fail("stock", PURCHASE_MESSAGES.colorSoldOut);
    return { ok: true, size: variant.size, color: variant.color, variant };
  }

  let chosenSize = "";
  if (product.sizes.length > 0) {
    if (!size) return fail("choice", PURCHASE_MESSAGES.size);
    const found = pick(product.sizes, size);
    if (!found) return fail("choice", `Size ${size} is not available for ${product.name}`);
    chosenSize = found.trim();
  } else if (size) {
    return fail("choice", `Size ${size} is not available for ${product.name}`);
  }

  let chosenColor = "";
  if (product.colors.length > 0) {
    if (!color) return fail("choice", PURCHASE_MESSAGES.color);
    const found = pick(product.colors, color);
    if (!found) return fail("choice", `Color ${color} is not available for ${product.name}`);
    chosenColor = found.trim();
    if (!colorInStock(product, found) || !colorInStock(product, chosenColor)) {
      return fail("stock", PURCHASE_MESSAGES.colorSoldOut);
    }
  } else if (color) {
    return fail("choice", `Color ${color} is not available for ${product.name}`);
  }
  const matching = product.variants.filter((v) => v.size === chosenSize && v.color === chosenColor);
  if (matching.length === 0) {
    const named = itemLabel(product.name, { Size: chosenSize, Color: chosenColor });
    return fail("stock", `${named} is not sold; please choose another`);
  }
  if (matching.length > 1) {
    const open = product.options.map((o) => o.name).filter((n) => n !== "Size" && n !== "Color");
    return fail("choice", `Please choose ${open.join(" and ")} for ${product.name}`);
  }
  return { ok: true, size: chosenSize, color: chosenColor, variant: matching[0] };
}

/** The image id a client's selectedImage string names, whatever its shape (JSON object, or a bare id). */
function requestedImageId(selectedImage: string | null | undefined): string | null {
  if (!selectedImage) return null;
  try {
    const parsed = JSON.parse(selectedImage);
    if (typeof parsed === "string") return parsed;
    return parsed && typeof parsed.id === "string" ? parsed.id : null;
  } catch {
    return selectedImage.length <= 64 ? selectedImage : null;
  }
}

/**
 * The image a line shows: the client's choice only when it is one of this product's own images
 * (a client string is never stored as is), else the colour's first variant image, else the
 * product's first image.
 */
export function selectedImageId(
  product: ChoiceProduct,
  color: string,
  selectedImage: string | null | undefined,
): string | null {
  const own = new Set([...product.images, ...Object.values(product.colorVariantImages).flat()]);
  const wanted = requestedImageId(selectedImage);
  return (
    (wanted && own.has(wanted) ? wanted : null) ?? product.colorVariantImages[color]?.[0] ?? product.images[0] ?? null
  );
}

/** The selectedImage to store for one line: the spec's JSON-encoded image object, or null. */
export async function resolveSelectedImage(
  db: Db,
  product: ChoiceProduct,
  color: string,
  selectedImage: string | null | undefined,
): Promise<string | null> {
  const id = selectedImageId(product, color, selectedImage);
  if (!id) return null;
  const ref = (await findImageRefs(db, [id])).get(id);
  return ref ? JSON.stringify(ref) : null;
}
