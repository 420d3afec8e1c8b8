import {
  COLOR_OPTION,
  optionsFromSizesAndColors,
  optionsKey,
  SIZE_OPTION,
  sizeAndColor,
  type ProductOption,
  type VariantOptions,
} from "@shared/catalogue/variants.js";
import type { Product } from "@shared/schemas/products.js";
import { NativeSelect } from "@client/components/ui/native-select";

/** A line's variant as the editor holds it: its options, the size and colour they stand for, and its id. */
export interface LineChoice {
  options: VariantOptions;
  size: string;
  color: string;
  /** The product's variant with these options; null while unknown (the server then reads size and colour). */
  variantId: number | null;
}

/** What a product is chosen by: its options, or (before it had any) its sizes and colours. */
export function optionsOfProduct(product: Pick<Product, "options" | "sizes" | "colors">): ProductOption[] {
  return product.options?.length ? product.options : optionsFromSizesAndColors(product.sizes, product.colors);
}

/** The options a line of size and colour stands for, as old lines and the picker name them. */
export const optionsOfSizeAndColor = (size: string, color: string): VariantOptions => ({
  ...(size ? { [SIZE_OPTION]: size } : {}),
  ...(color ? { [COLOR_OPTION]: color } : {}),
});

/** The choice these options make of the product: its variant's id when it sells that combination. */
export function choiceOf(
  product: Pick<Product, "options" | "sizes" | "colors" | "variants">,
  options: VariantOptions,
): LineChoice {
  const names = optionsOfProduct(product);
  const key = optionsKey(names, options);
  const variant = product.variants?.find((v) => optionsKey(names, v.options) === key);
  return { options, ...sizeAndColor(options), variantId: variant?.id ?? null };
}

/** One select per option of the product (Make, Size, Color…), for a line of the item editor. */
export function LineOptions({
  product,
  productName,
  options,
  onChange,
}: {
  product: Product;
  productName: string;
  options: VariantOptions;
  onChange: (choice: LineChoice) => void;
}) {
  return (
    <>
      {optionsOfProduct(product).map((option) => (
        <NativeSelect
          key={option.name}
          aria-label={`${option.name} of ${productName}`}
          value={options[option.name] ?? ""}
          onChange={(e) => onChange(choiceOf(product, { ...options, [option.name]: e.target.value }))}
        >
          {!(options[option.name] ?? "") && <option value="">Choose {option.name}</option>}
          {option.values.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      ))}
    </>
  );
}
