/**
 * The spec's add-to-cart rules, one copy for both sides: the product page checks a choice before
 * it asks, the server (cart and order placement) checks it again with the same words.
 */
export const PURCHASE_MESSAGES = {
  notFound: "Product not found",
  size: "Please select a size",
  color: "Please select a color",
  colorSoldOut: "This color variant is out of stock",
} as const;

export function colorInStock(product: { colorVariantStock: Record<string, boolean> }, color: string): boolean {
  return product.colorVariantStock[color] !== false;
}

/** The spec's add-to-cart checks, in its order; null when the line may be added. */
export function addToCartProblem(
  product: { sizes: string[]; colors: string[]; colorVariantStock: Record<string, boolean> } | null | undefined,
  size: string,
  color: string,
): string | null {
  if (!product) return PURCHASE_MESSAGES.notFound;
  if (product.sizes.length > 0 && !size) return PURCHASE_MESSAGES.size;
  if (product.colors.length > 0 && !color) return PURCHASE_MESSAGES.color;
  if (color && !colorInStock(product, color)) return PURCHASE_MESSAGES.colorSoldOut;
  return null;
}
