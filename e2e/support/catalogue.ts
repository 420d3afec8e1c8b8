/** A product a shopper can buy as it stands: in stock, with a size and an in-stock colour. */
export interface BuyableProduct {
  id: number;
  handle: string;
  name: string;
  sizes: string[];
  colors: string[];
  inStock: number | boolean;
  colorVariantStock?: Record<string, boolean>;
}

export const availableColor = (p: BuyableProduct) => p.colors.find((c) => p.colorVariantStock?.[c] !== false)!;

/** The catalogue's products a shopper can buy, as the API lists them (T: the fields a test reads). */
export async function buyableProducts<T extends BuyableProduct = BuyableProduct>(baseUrl: string): Promise<T[]> {
  const res = await fetch(`${baseUrl}/api/products`);
  return ((await res.json()) as T[]).filter(
    (p) => p.inStock && p.sizes.length > 0 && p.colors.some((c) => p.colorVariantStock?.[c] !== false),
  );
}
