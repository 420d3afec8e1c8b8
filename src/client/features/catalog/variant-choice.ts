import { pricedVariants } from "@shared/catalogue/priced-from.js";
import {
  COLOR,
  productOptions,
  productVariants,
  SIZE,
  type ProductOption,
  type SoldVariant,
  type VariantProduct,
} from "@client/lib/product-variants";

export { COLOR, productOptions, productVariants, SIZE };
export type { ProductOption, SoldVariant, VariantProduct };

/** The shopper's choice so far: option name → value. */
export type Choices = Record<string, string>;

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
