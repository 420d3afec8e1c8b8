import type { ImageRef } from "@shared/schemas/common.js";
import type { Product } from "@shared/schemas/products.js";

export function colourInStock(product: Pick<Product, "colorVariantStock">, colour: string): boolean {
  return product.colorVariantStock[colour] !== false;
}

/** The spec's add-to-cart checks, in its order; null when the line may be added. */
export function addToCartProblem(product: Product | null | undefined, size: string, colour: string): string | null {
  if (!product) return "Product not found";
  if (product.sizes.length > 0 && !size) return "Please select a size";
  if (product.colors.length > 0 && !colour) return "Please select a color";
  if (colour && !colourInStock(product, colour)) return "This color variant is out of stock";
  return null;
}

/** The gallery shows the chosen colour's own pictures when it has some. */
export function galleryImages(product: Product, colour: string): ImageRef[] {
  const variant = colour ? product.colorVariantImages[colour] : undefined;
  return variant?.length ? variant : product.images;
}
