import { cartGroupKey } from "@shared/rules/cart-line.js";
import type { CartItem } from "@shared/schemas/cart.js";
import { parseSelectedImage } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";

/** Cart lines shown as one row: same product, size, colour and selected image (spec §4 Cart). */
export interface CartGroup {
  key: string;
  lines: CartItem[];
  /** The line whose quantity the row's controls change (the others keep theirs). */
  first: CartItem;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  image: ImageRef | null;
}

export function groupCartLines(items: readonly CartItem[]): CartGroup[] {
  const groups = new Map<string, CartItem[]>();
  for (const item of items) {
    // Two variants may share a size and colour (Stitched and Unstitched in M / Red): the variant keeps them apart.
    const key = JSON.stringify([cartGroupKey(item), (item as { variantId?: number | null }).variantId ?? null]);
    const lines = groups.get(key);
    if (lines) lines.push(item);
    else groups.set(key, [item]);
  }
  return [...groups].map(([key, lines]) => {
    const first = lines[0];
    const quantity = lines.reduce((sum, l) => sum + l.quantity, 0);
    const unitPrice = Number(first.product.price) || 0;
    return { key, lines, first, quantity, unitPrice, lineTotal: unitPrice * quantity, image: lineImage(first) };
  });
}

/** The image the shopper picked, else the product's first image. */
export function lineImage(item: Pick<CartItem, "selectedImage" | "product">): ImageRef | null {
  return parseSelectedImage(item.selectedImage) ?? item.product.images[0] ?? null;
}

export function groupsTotal(groups: readonly CartGroup[]): number {
  return groups.reduce((sum, g) => sum + g.lineTotal, 0);
}

/** 'Proceed to Checkout' target: the selected cart lines as URL-encoded JSON (spec §2 Cart). */
export function checkoutHref(groups: readonly CartGroup[]): string {
  // Only the first product image travels: the summary shows one and a URL should stay short.
  const lines = groups
    .flatMap((g) => g.lines)
    .map((l) => ({ ...l, product: { ...l.product, images: l.product.images.slice(0, 1) } }));
  return `/checkout?items=${encodeURIComponent(JSON.stringify(lines))}`;
}
