export interface CartLineIdentity {
  productId: number | string;
  size: string | null | undefined;
  color: string | null | undefined;
}

const clean = (v: unknown) => String(v ?? "").trim();

/** Lines are the same line when productId, size and colour are equal as trimmed strings. */
export function sameCartLine(a: CartLineIdentity, b: CartLineIdentity): boolean {
  return cartLineKey(a) === cartLineKey(b);
}

export function cartLineKey(line: CartLineIdentity): string {
  return JSON.stringify([clean(line.productId), clean(line.size), clean(line.color)]);
}

/** Display groups also separate lines whose selected image differs (spec §4 Cart). */
export function cartGroupKey(line: CartLineIdentity & { selectedImage?: string | null }): string {
  return JSON.stringify([clean(line.productId), clean(line.size), clean(line.color), clean(line.selectedImage)]);
}

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
