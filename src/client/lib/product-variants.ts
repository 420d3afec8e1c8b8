/** A product's options and variants as the storefront and the admin read them (decision 038). */
import type { Product } from "@shared/schemas/products.js";
import { colorInStock } from "@shared/rules/purchase.js";
import { unitsLeft } from "@shared/rules/stock.js";
import { COLOR_OPTION, SIZE_OPTION, type ProductOption, type Variant } from "@shared/catalogue/variants.js";

export type { ProductOption };

/**
 * A combination on sale, as the product's JSON carries it; `id` is absent only on a variant read
 * from an older answer's sizes and colours (no variant id is sent then).
 */
export type SoldVariant = Omit<Variant, "id" | "sku" | "stock" | "imageId"> & {
  id?: number;
  sku?: string | null;
  imageId?: string | null;
  stock?: number | null;
};

/** A product as the picker reads it; an older answer may lack `options` and `variants`. */
export type VariantProduct = Product;

export const SIZE = SIZE_OPTION;
export const COLOR = COLOR_OPTION;

/** The product's options; an answer without them reads its sizes and colours as the Size and Color options. */
export function productOptions(product: VariantProduct): ProductOption[] {
  if (product.options?.length) return product.options;
  return [
    { name: SIZE, values: product.sizes },
    { name: COLOR, values: product.colors },
  ].filter((o) => o.values.length > 0);
}

/**
 * The product's variants; an answer without them has one per size × colour, priced as the product,
 * available as the spec's colour flags and the counted stock say.
 */
export function productVariants(product: VariantProduct): SoldVariant[] {
  if (product.variants) return product.variants;
  const counted = product.variantStock;
  return (product.sizes.length ? product.sizes : [""]).flatMap((size) =>
    (product.colors.length ? product.colors : [""]).map((color) => {
      const stock = counted ? unitsLeft(counted, size, color) : null;
      return {
        options: { ...(size ? { [SIZE]: size } : {}), ...(color ? { [COLOR]: color } : {}) },
        price: product.price,
        originalPrice: product.originalPrice,
        available: product.inStock === 1 && colorInStock(product, color) && stock !== 0,
        stock,
      };
    }),
  );
}
