/**
 * Whether a product's price is a "From" price (decision 053): one rule for the server's cards, the
 * product page's picker and the page's description. Apart from cards.ts, so that the app's chunk,
 * which needs only this, does not carry the making of cards.
 */

/** The variants whose prices a price range speaks for: those on sale, or all of them when none is. */
export function pricedVariants<V extends { price: string; available: boolean }>(variants: V[]): V[] {
  const onSale = variants.filter((v) => v.available);
  return onSale.length ? onSale : variants;
}

/**
 * Cards and previews say "From Rs. X" (X the product's price, its cheapest on sale) when its
 * variants differ in price.
 */
export function pricedFrom(product: { variants?: { price: string; available: boolean }[] }): boolean {
  const pool = pricedVariants(product.variants ?? []);
  return pool.some((v) => Number(v.price) !== Number(pool[0].price));
}
