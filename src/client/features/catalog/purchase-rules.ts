import type { ImageRef } from "@shared/schemas/common.js";
import type { Product } from "@shared/schemas/products.js";
import { PURCHASE_MESSAGES } from "@shared/rules/purchase.js";
import { LOW_STOCK_THRESHOLD } from "@shared/rules/stock.js";
import { missingOption, selectMessage, type Choices, type OptionState, type SoldVariant } from "./variant-choice";

/** "Only 2 left" at 5 or fewer; nothing above, or for products that do not track stock. */
export function onlyLeftLabel(units: number | null | undefined): string | null {
  return units != null && units > 0 && units <= LOW_STOCK_THRESHOLD ? `Only ${units} left` : null;
}

/**
 * The spec's add-to-cart checks for the choices on the page, in option order ("Please select a
 * size", then "Please select a color"), then the chosen variant's own availability.
 */
export function addToCartProblem(states: OptionState[], choices: Choices, variant: SoldVariant | null): string | null {
  const missing = missingOption(states, choices);
  if (missing) return selectMessage(missing);
  if (!variant) return PURCHASE_MESSAGES.notFound;
  return variant.available ? null : "This choice is sold out";
}

/** A product picture by its id, wherever the product keeps it. */
function imageById(product: Product, id: string): ImageRef | undefined {
  return [product.images, ...Object.values(product.colorVariantImages)].flat().find((img) => img.id === id);
}

/**
 * The gallery: the chosen colour's own pictures when it has some, else the product's; a chosen
 * variant's own picture is among them (first when it was not).
 */
export function galleryImages(product: Product, color: string, imageId?: string | null): ImageRef[] {
  const colorImages = color ? product.colorVariantImages[color] : undefined;
  const images = colorImages?.length ? colorImages : product.images;
  const own = imageId ? imageById(product, imageId) : undefined;
  return own && !images.some((img) => img.id === own.id) ? [own, ...images] : images;
}
