/** The spec's discount: round((original - price) / original * 100), only when original > price. */
export function discountPercent(
  price: string | number,
  originalPrice: string | number | null | undefined,
): number | null {
  const p = Number(price);
  const o = Number(originalPrice);
  if (originalPrice == null || originalPrice === "" || !Number.isFinite(p) || !Number.isFinite(o)) return null;
  if (o <= p || o <= 0) return null;
  return Math.round(((o - p) / o) * 100);
}
