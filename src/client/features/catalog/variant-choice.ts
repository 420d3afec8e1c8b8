import type { Product } from "@shared/schemas/products.js";
import { colorInStock } from "@shared/rules/purchase.js";
import { unitsLeft } from "@shared/rules/stock.js";
import { COLOR_OPTION, SIZE_OPTION, type ProductOption, type Variant } from "@shared/catalogue/variants.js";
import { pricedVariants } from "./price-from";

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

/** A product as the picker reads it: with `options` and `variants` when the server sends them. */
export type VariantProduct = Product & { options?: ProductOption[]; variants?: SoldVariant[] };

/** The shopper's choice so far: option name → value. */
export type Choices = Record<string, string>;

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

const valueOf = (variant: SoldVariant, name: string) => variant.options[name] ?? "";

/** Whether a variant has every chosen value (leaving out one option's own choice, when named). */
function fits(variant: SoldVariant, choices: Choices, except?: string): boolean {
  return Object.entries(choices).every(
    ([name, value]) => name === except || !value || valueOf(variant, name) === value,
  );
}

/** The choices made for the options before `index`. */
const earlier = (options: ProductOption[], choices: Choices, index: number): Choices =>
  Object.fromEntries(options.slice(0, index).flatMap((o) => (choices[o.name] ? [[o.name, choices[o.name]]] : [])));

export interface ValueState {
  value: string;
  available: boolean;
  /** Why it cannot be picked: "Out of Stock" everywhere, or "Sold out in this size" next to the other choices. */
  reason?: string;
}

export interface OptionState {
  name: string;
  values: ValueState[];
}

/**
 * What the picker offers, option by option in order: only values that form a sold combination with
 * the choices before them (an option no such variant has, Size for an unstitched piece, is left
 * out), each available when some variant with it and every other choice is on sale.
 */
export function optionStates(options: ProductOption[], variants: SoldVariant[], choices: Choices): OptionState[] {
  return options.flatMap((option, index) => {
    const before = earlier(options, choices, index);
    const sold = variants.filter((v) => fits(v, before) && valueOf(v, option.name));
    if (sold.length === 0) return [];
    const others = Object.keys(choices).filter((n) => n !== option.name && choices[n]);
    const values = option.values
      .filter((value) => sold.some((v) => valueOf(v, option.name) === value))
      .map((value): ValueState => {
        const withValue = variants.filter((v) => valueOf(v, option.name) === value && v.available);
        if (withValue.some((v) => fits(v, choices, option.name))) return { value, available: true };
        const reason =
          withValue.length === 0
            ? "Out of Stock"
            : `Sold out in this ${others.map((n) => (n === COLOR ? "colour" : n.toLowerCase())).join(" and ")}`;
        return { value, available: false, reason };
      });
    return [{ name: option.name, values }];
  });
}

/** The choices after picking `value` for `name`: later choices that no longer form a sold combination are dropped. */
export function choose(
  options: ProductOption[],
  variants: SoldVariant[],
  choices: Choices,
  name: string,
  value: string,
) {
  let next: Choices = { ...choices, [name]: value };
  const at = options.findIndex((o) => o.name === name);
  for (const option of options.slice(at + 1)) {
    const kept = next[option.name];
    if (!kept) continue;
    const state = optionStates(options, variants, next).find((s) => s.name === option.name);
    if (!state?.values.some((v) => v.value === kept)) {
      next = { ...next };
      delete next[option.name];
    }
  }
  return next;
}

/** The first option still to choose, or null when the choice names one variant. */
export function missingOption(states: OptionState[], choices: Choices): string | null {
  return states.find((s) => !choices[s.name])?.name ?? null;
}

/** The variant the choices name (every offered option chosen), or null. */
export function chosenVariant(states: OptionState[], variants: SoldVariant[], choices: Choices): SoldVariant | null {
  if (missingOption(states, choices) !== null) return null;
  const shown = new Set(states.map((s) => s.name));
  return (
    variants.find((v) =>
      Object.keys(v.options)
        .concat(Object.keys(choices))
        .every((n) => (shown.has(n) ? (choices[n] ?? "") : "") === valueOf(v, n)),
    ) ?? null
  );
}

/** The choices that name a variant (for `?variant=<id>`), or none when the product has no such variant. */
export function choicesOf(variants: SoldVariant[], id: number | null): Choices {
  const variant = id === null ? undefined : variants.find((v) => v.id === id);
  return variant ? Object.fromEntries(Object.entries(variant.options).filter(([, value]) => value)) : {};
}

/** The spec's "Please select a size" for an option not chosen yet ("Please select a make", ...). */
export function selectMessage(option: string): string {
  return `Please select a ${option === COLOR ? "color" : option.toLowerCase()}`;
}

export interface ShownPrice {
  price: string;
  originalPrice: string | null;
  /** True when the variants still open differ in price: the price is the lowest, said "From Rs. X". */
  from: boolean;
}

/**
 * The price to show for the choices so far: the one variant's, the common price of those still
 * open, or the lowest of them as "From" (available ones count first; sold-out ones only when none is).
 */
export function shownPrice(variants: SoldVariant[], choices: Choices): ShownPrice | null {
  const pool = pricedVariants(variants.filter((v) => fits(v, choices)));
  if (pool.length === 0) return null;
  const cheapest = pool.reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a));
  const from = pool.some((v) => Number(v.price) !== Number(cheapest.price));
  return { price: cheapest.price, originalPrice: cheapest.originalPrice, from };
}

/** What one variant costs (the product's price for a line without a variant). */
export function priceOf(product: VariantProduct, variantId: number | undefined): string {
  return product.variants?.find((v) => v.id === variantId)?.price ?? product.price;
}
