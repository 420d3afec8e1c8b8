import type { ImageRef } from "@shared/schemas/common.js";
import type { Product } from "@shared/schemas/products.js";
import { addToCartProblem as sharedAddToCartProblem } from "@shared/rules/purchase.js";
import { LOW_STOCK_THRESHOLD, unitsLeft } from "@shared/rules/stock.js";

/**
 * Units left of a size and colour on a product that tracks stock; null when it does not track,
 * or while the choice is incomplete. Absent dimensions (no sizes offered) read as "".
 */
export function unitsLeftOf(
  product: Pick<Product, "variantStock" | "sizes" | "colors">,
  size: string,
  color: string,
): number | null {
  if (!product.variantStock) return null;
  if ((product.sizes.length > 0 && !size) || (product.colors.length > 0 && !color)) return null;
  return unitsLeft(product.variantStock, size, color);
}

/** Whether a size (or colour) can still be picked next to the other choice, if one is made. */
export function variantAvailable(
  product: Pick<Product, "variantStock" | "sizes" | "colors">,
  size: string,
  color: string,
): boolean {
  if (!product.variantStock) return true;
  return product.variantStock.some(
    (s) => s.quantity > 0 && (!size || s.size === size) && (!color || s.color === color),
  );
}

/** "Only 2 left" at 5 or fewer; nothing above, or for products that do not track stock. */
export function onlyLeftLabel(units: number | null): string | null {
  return units !== null && units > 0 && units <= LOW_STOCK_THRESHOLD ? `Only ${units} left` : null;
}

export { colorInStock } from "@shared/rules/purchase.js";

/** The spec's add-to-cart checks (shared with the server), then the chosen variant's own stock. */
export function addToCartProblem(product: Product | null | undefined, size: string, color: string): string | null {
  const problem = sharedAddToCartProblem(product, size, color);
  if (problem || !product) return problem;
  return unitsLeftOf(product, size, color) === 0 ? "This size and colour is sold out" : null;
}

/** The gallery shows the chosen colour's own pictures when it has some. */
export function galleryImages(product: Product, color: string): ImageRef[] {
  const variant = color ? product.colorVariantImages[color] : undefined;
  return variant?.length ? variant : product.images;
}
