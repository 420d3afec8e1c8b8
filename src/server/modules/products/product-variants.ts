import {
  COLOR_OPTION,
  combinations,
  optionsFromSizesAndColors,
  optionsKey,
  optionValues,
  SIZE_OPTION,
  variantProblems,
  type ProductOption,
} from "@shared/catalogue/variants.js";
import type { ProductInput } from "@shared/schemas/products.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { skusTakenElsewhere, type CatalogueVariant, type VariantValues } from "../catalogue/index.js";

/** Units per variant (by index); null stops counting; undefined keeps what is counted. */
export type CountedStockInput = number[] | null | undefined;

/** What a product's save writes of its options and variants (decision 038). */
export interface VariantPlan {
  options: ProductOption[];
  /** `sizes` and `colors`: the Size and Color options' values. */
  sizes: string[];
  colors: string[];
  variants: VariantValues[];
  /** Units per variant (by index in `variants`); null stops counting; undefined keeps what is counted. */
  stock: CountedStockInput;
}

/** What the product had before this save, on an update. */
export interface SavedVariants {
  options: ProductOption[];
  variants: CatalogueVariant[];
}

const refuse = (problems: { field: string; message: string }[]) =>
  new AppError("VALIDATION", problems[0].message, Object.fromEntries(problems.map((p) => [p.field, p.message])));

/** Only Size and Color: the options the spec's sizes and colours stand for. */
const onlySizeAndColor = (options: ProductOption[]) =>
  options.every((o) => o.name === SIZE_OPTION || o.name === COLOR_OPTION);

/**
 * The options and variants a product's form asks for. With `variants`, exactly those (checked:
 * a message per field, SKUs unique store-wide). With `options` alone, every combination at the
 * form's price. With neither, as the spec: Size and Color from `sizes` and `colors`, every
 * combination at the form's price (a product whose other options were set keeps its variants).
 */
export async function planVariants(
  db: Db,
  productId: number | null,
  input: ProductInput,
  saved: SavedVariants | null,
): Promise<VariantPlan> {
  const priced = (options: ProductOption[]) => {
    if (input.price === undefined) throw refuse([{ field: "price", message: "Enter an amount in rupees, like 2500" }]);
    const before = new Map(saved?.variants.map((v) => [optionsKey(options, v.options), v]));
    return combinations(options).map((combo) => {
      const kept = before.get(optionsKey(options, combo));
      return {
        options: combo,
        price: input.price!,
        originalPrice: input.originalPrice,
        sku: kept?.sku ?? null,
        imageId: kept?.imageId ?? null,
      };
    });
  };
  const stockBySizeAndColor = (variants: VariantValues[]): CountedStockInput =>
    input.variantStock === undefined
      ? undefined
      : input.variantStock === null
        ? null
        : variants.map(
            (v) =>
              input.variantStock!.find(
                (s) => s.size === (v.options[SIZE_OPTION] ?? "") && s.color === (v.options[COLOR_OPTION] ?? ""),
              )?.quantity ?? 0,
          );
  const shaped = (options: ProductOption[], variants: VariantValues[], stock: CountedStockInput): VariantPlan => ({
    options,
    sizes: optionValues(options, SIZE_OPTION),
    colors: optionValues(options, COLOR_OPTION),
    variants,
    stock,
  });

  if (input.variants) {
    const options = input.options ?? optionsFromSizesAndColors(dedupe(input.sizes), dedupe(input.colors));
    const problems = variantProblems(options, input.variants);
    const taken = new Set(
      await skusTakenElsewhere(
        db,
        productId,
        input.variants.map((v) => v.sku ?? ""),
      ),
    );
    input.variants.forEach((v, i) => {
      const sku = v.sku?.trim();
      if (sku && taken.has(sku))
        problems.push({
          field: `variants.${i}.sku`,
          message: `SKU ${sku} is already another product's; give this variant its own`,
        });
    });
    if (problems.length) throw refuse(problems);
    const variants = input.variants.map((v) => ({
      options: v.options,
      price: v.price!,
      originalPrice: v.originalPrice ?? null,
      sku: v.sku ?? null,
      imageId: v.imageId ?? null,
    }));
    const counted = input.variants.some((v) => v.stock !== undefined && v.stock !== null);
    const stock = counted ? input.variants.map((v) => v.stock ?? 0) : stockBySizeAndColor(variants);
    return shaped(options, variants, stock);
  }
  if (input.options) {
    const problems = variantProblems(
      input.options,
      combinations(input.options).map((options) => ({ options, price: "0" })),
    );
    if (problems.length) throw refuse(problems);
    const variants = priced(input.options);
    return shaped(input.options, variants, stockBySizeAndColor(variants));
  }
  if (saved && !onlySizeAndColor(saved.options))
    return shaped(
      saved.options,
      saved.variants.map((v) => ({ ...v })),
      undefined,
    );
  const options = optionsFromSizesAndColors(dedupe(input.sizes), dedupe(input.colors));
  const variants = priced(options);
  return shaped(options, variants, stockBySizeAndColor(variants));
}

const dedupe = (values: string[]) => [...new Set(values)];
