/**
 * Options and variants (issue 40, decision 038): the shapes, the label that names a variant and
 * the rules a product's options and variants must keep, shared by the server (which enforces
 * them) and the admin form (which shows the same messages before sending). Kept zod-free so the
 * storefront's pages can name a variant without loading zod.
 */

/** One option of a product, its values in the order shoppers see them. */
export interface ProductOption {
  name: string;
  values: string[];
}

/** A variant's value for each of its product's options: `{Make: "Stitched", Size: "M"}`. */
export type VariantOptions = Record<string, string>;

/** A variant as the API returns it. `stock` only where the product counts stock. */
export interface Variant {
  id: number;
  options: VariantOptions;
  price: string;
  originalPrice: string | null;
  sku: string | null;
  available: boolean;
  imageId?: string;
  stock?: number;
}

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 50;
/** 3 options of up to 50 values could name 125,000 combinations; a product sells at most this many. */
export const MAX_VARIANTS = 250;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUE_MAX = 50;
/** Size and colour are the options with these names; `sizes` and `colors` are their values. */
export const SIZE_OPTION = "Size";
export const COLOR_OPTION = "Color";

/**
 * "Stitched / M / Red": the variant's values in its product's option order (`order`, the option
 * names). Without the order (an order line whose product is gone; jsonb keeps no key order), the
 * object's own order with Size and Color last, as today's "M / Red".
 */
export function variantLabel(options: VariantOptions, order?: readonly string[]): string {
  return variantValues(options, order).join(" / ");
}

/** The variant's values, in the order `variantLabel` names them, empty ones left out. */
export function variantValues(options: VariantOptions, order?: readonly string[]): string[] {
  const names = order ?? [
    ...Object.keys(options).filter((n) => n !== SIZE_OPTION && n !== COLOR_OPTION),
    ...[SIZE_OPTION, COLOR_OPTION].filter((n) => n in options),
  ];
  return names.map((name) => (options[name] ?? "").trim()).filter(Boolean);
}

/**
 * What an order line's brackets hold ("Stitched, M, Red" in the CSV, labels and WhatsApp texts):
 * its variant's values, or its size and colour for a line that has no options recorded.
 */
export function chosenValues(item: { size: string; color: string; options?: VariantOptions | null }): string {
  const values =
    item.options && Object.keys(item.options).length > 0
      ? variantValues(item.options)
      : [item.size.trim(), item.color.trim()].filter(Boolean);
  return values.join(", ");
}

/** How staff screens and reports name the one variant of a product without options. */
export const NO_OPTIONS_LABEL = "One size";

/** A variant's name on staff screens and reports: its label, or "One size" for a product without options. */
export function variantName(options: VariantOptions, order?: readonly string[]): string {
  return variantLabel(options, order) || NO_OPTIONS_LABEL;
}

/** "Lawn suit: Stitched / M / Red", or the name alone for a product without options. */
export function itemLabel(productName: string, options: VariantOptions, order?: readonly string[]): string {
  const label = variantLabel(options, order);
  return label ? `${productName}: ${label}` : productName;
}

/** The options a product with only sizes and colours has: Size then Color, each only when it has values. */
export function optionsFromSizesAndColors(sizes: string[], colors: string[]): ProductOption[] {
  const options: ProductOption[] = [];
  if (sizes.length) options.push({ name: SIZE_OPTION, values: [...sizes] });
  if (colors.length) options.push({ name: COLOR_OPTION, values: [...colors] });
  return options;
}

/** The values of the option called `name` (`sizes` for Size, `colors` for Color), or none. */
export const optionValues = (options: ProductOption[], name: string): string[] =>
  options.find((o) => o.name === name)?.values ?? [];

/** Every combination of the options' values, in option order (the first option varies slowest). */
export function combinations(options: ProductOption[]): VariantOptions[] {
  let all: VariantOptions[] = [{}];
  for (const option of options)
    all = all.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value })));
  return all;
}

/** The same combination whatever the key order: equal options have equal keys. */
export function optionsKey(options: ProductOption[], values: VariantOptions): string {
  return JSON.stringify(options.map((o) => values[o.name] ?? null));
}

/** A variant's Size and Color values ('' when the product has no such option), as old clients name it. */
export function sizeAndColor(values: VariantOptions): { size: string; color: string } {
  return { size: values[SIZE_OPTION] ?? "", color: values[COLOR_OPTION] ?? "" };
}

/** One problem with a product's options or variants, on the form field it belongs to. */
export interface VariantProblem {
  field: string;
  message: string;
}

interface VariantDraft {
  options: VariantOptions;
  price?: string | number | null;
  sku?: string | null;
}

/**
 * What is wrong with these options and variants, one message per field (`options`,
 * `options.1.values`, `variants.2.sku`, …); none when they may be saved. SKUs taken by other
 * products are the server's to check (store-wide).
 */
export function variantProblems(options: ProductOption[], variants: VariantDraft[]): VariantProblem[] {
  const problems: VariantProblem[] = [];
  if (options.length > MAX_OPTIONS)
    problems.push({ field: "options", message: `A product has at most ${MAX_OPTIONS} options; remove one` });
  const names = new Set<string>();
  options.forEach((option, i) => {
    if (!option.name.trim()) problems.push({ field: `options.${i}.name`, message: "Name this option, like Size" });
    else if (names.has(option.name))
      problems.push({ field: `options.${i}.name`, message: `There are two options called ${option.name}` });
    names.add(option.name);
    if (option.values.length === 0)
      problems.push({
        field: `options.${i}.values`,
        message: `Give ${option.name || "this option"} at least one value`,
      });
    const duplicate = option.values.find((v, j) => option.values.indexOf(v) !== j);
    if (duplicate !== undefined)
      problems.push({ field: `options.${i}.values`, message: `${option.name} lists ${duplicate} twice` });
  });
  if (variants.length === 0)
    problems.push({ field: "variants", message: "Add at least one variant: a combination that is sold" });
  if (variants.length > MAX_VARIANTS)
    problems.push({ field: "variants", message: `A product sells at most ${MAX_VARIANTS} variants` });
  const seenCombos = new Map<string, number>();
  const seenSkus = new Map<string, number>();
  variants.forEach((variant, i) => {
    const given = Object.keys(variant.options);
    const mismatch =
      given.length !== options.length || options.some((o) => !o.values.includes(variant.options[o.name] as string));
    if (mismatch) {
      const wanted = options.map((o) => o.name).join(", ") || "no options";
      problems.push({
        field: `variants.${i}.options`,
        message: `This variant's options must give one listed value for each of the product's options (${wanted})`,
      });
    } else {
      const key = optionsKey(options, variant.options);
      const first = seenCombos.get(key);
      if (first !== undefined)
        problems.push({
          field: `variants.${i}.options`,
          message: `Variant ${first + 1} is already ${variantLabel(variant.options, [...names]) || "this combination"}`,
        });
      else seenCombos.set(key, i);
    }
    if (variant.price === undefined || variant.price === null || variant.price === "")
      problems.push({ field: `variants.${i}.price`, message: "Give this variant a price, like 4990" });
    const sku = variant.sku?.trim();
    if (sku) {
      const first = seenSkus.get(sku);
      if (first !== undefined)
        problems.push({ field: `variants.${i}.sku`, message: `SKU ${sku} is already variant ${first + 1}'s` });
      else seenSkus.set(sku, i);
    }
  });
  options.forEach((option, i) => {
    const unused = option.values.filter((value) => !variants.some((v) => v.options[option.name] === value));
    if (unused.length)
      problems.push({
        field: `options.${i}.values`,
        message: `No variant is ${unused.join(", ")}: remove ${unused.length > 1 ? "those values" : "that value"} or add a variant with ${unused.length > 1 ? "them" : "it"}`,
      });
  });
  return problems;
}
