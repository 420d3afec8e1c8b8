import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { products } from "../../db/schema.js";
import { findImageRefs } from "../images/image-service.js";

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
};

export async function loadChoiceProducts(db: Db, ids: number[]): Promise<Map<number, ChoiceProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(choiceColumns)
    .from(products)
    .where(inArray(products.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Why a size/colour choice cannot be bought; `kind` lets the caller pick the HTTP status. */
export type ChoiceProblem = { kind: "choice" | "stock"; message: string };
export type ChoiceResult = { ok: true; size: string; color: string } | { ok: false; problem: ChoiceProblem };

const pick = (offered: string[], wanted: string) =>
  offered.find((o) => o.trim().toLowerCase() === wanted.toLowerCase());

/**
 * The spec's add-to-cart rules, in its order (size, colour, colour stock), applied on the server.
 * A product that offers no sizes (or colours) takes an empty one. Returns the catalogue's own
 * spelling so lines merge whatever the client's letter case.
 */
export function checkChoice(product: ChoiceProduct, size: string, color: string): ChoiceResult {
  const fail = (kind: ChoiceProblem["kind"], message: string): ChoiceResult => ({
    ok: false,
    problem: { kind, message },
  });
  if (!product.inStock) return fail("stock", `${product.name} is out of stock`);

  let chosenSize = "";
  if (product.sizes.length > 0) {
    if (!size) return fail("choice", "Please select a size");
    const found = pick(product.sizes, size);
    if (!found) return fail("choice", `Size ${size} is not available for ${product.name}`);
    chosenSize = found.trim();
  } else if (size) {
    return fail("choice", `Size ${size} is not available for ${product.name}`);
  }

  let chosenColor = "";
  if (product.colors.length > 0) {
    if (!color) return fail("choice", "Please select a color");
    const found = pick(product.colors, color);
    if (!found) return fail("choice", `Color ${color} is not available for ${product.name}`);
    chosenColor = found.trim();
    if (product.colorVariantStock[found] === false || product.colorVariantStock[chosenColor] === false) {
      return fail("stock", "This color variant is out of stock");
    }
  } else if (color) {
    return fail("choice", `Color ${color} is not available for ${product.name}`);
  }
  return { ok: true, size: chosenSize, color: chosenColor };
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
 * The selectedImage to store: the client's choice only when it is one of this product's own
 * images (a client string is never stored as is), else the colour's first variant image, else
 * the product's first image. Stored as the spec's JSON-encoded image object.
 */
export async function resolveSelectedImage(
  db: Db,
  product: ChoiceProduct,
  color: string,
  selectedImage: string | null | undefined,
): Promise<string | null> {
  const own = new Set([...product.images, ...Object.values(product.colorVariantImages).flat()]);
  const wanted = requestedImageId(selectedImage);
  const id =
    (wanted && own.has(wanted) ? wanted : null) ?? product.colorVariantImages[color]?.[0] ?? product.images[0] ?? null;
  if (!id) return null;
  const ref = (await findImageRefs(db, [id])).get(id);
  return ref ? JSON.stringify(ref) : null;
}
