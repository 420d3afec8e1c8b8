/** The variants whose prices a price range speaks for: those on sale, or all of them when none is. */
export function pricedVariants<V extends { price: string; available: boolean }>(variants: V[]): V[] {
  const onSale = variants.filter((v) => v.available);
  return onSale.length ? onSale : variants;
}

/**
 * Cards and previews say "From Rs. X" (X the product's price, its cheapest on sale) when its
 * variants differ in price. Kept apart from the picker so the list pages load only this.
 */
export function pricedFrom(product: { price: string; variants?: { price: string; available: boolean }[] }): boolean {
  const pool = pricedVariants(product.variants ?? []);
  return pool.some((v) => Number(v.price) !== Number(pool[0].price));
}
