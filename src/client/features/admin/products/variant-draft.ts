import type { Product } from "@shared/schemas/products.js";
import {
  combinations,
  optionsKey,
  variantLabel,
  type ProductOption,
  type Variant,
  type VariantOptions,
} from "@shared/catalogue/variants.js";

export { MAX_OPTIONS } from "@shared/catalogue/variants.js";

/** An option as typed: its name and its values, comma separated. */
export interface DraftOption {
  name: string;
  values: string;
}

/** A row of the variants table as typed. */
export interface DraftVariant {
  /** The stored variant's id; absent for a combination generated since. */
  id?: number;
  options: Record<string, string>;
  price: string;
  originalPrice: string;
  sku: string;
  /** Units on the shelf as typed; used only while stock is counted. */
  stock: string;
  /** One of the product's saved pictures, or "" for none of its own. */
  imageId: string;
}

/** The options and variants part of the product form; null while the product keeps plain sizes and colours. */
export interface VariantsDraft {
  options: DraftOption[];
  variants: DraftVariant[];
  /** Stock counted per variant (the table's stock column); false: the In Stock flag decides. */
  counted: boolean;
}

/** A product as the admin reads it: with `options` and `variants` when the server sends them. */
export type ProductWithVariants = Product & { options?: ProductOption[]; variants?: Variant[] };

const splitValues = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The options as they will be sent: named ones, their values split on commas. */
export function draftOptions(draft: VariantsDraft): ProductOption[] {
  return draft.options
    .map((o) => ({ name: o.name.trim(), values: splitValues(o.values) }))
    .filter((o) => o.name || o.values.length);
}

/** "Stitched / M / Red": a row's values in option order. */
export function rowLabel(options: ProductOption[], values: VariantOptions): string {
  return variantLabel(
    values,
    options.map((o) => o.name),
  );
}

/**
 * Every combination of the options' values, in order, keeping what was typed for a combination
 * already in the table; a new one starts at `defaults` (the product's price). Combinations the
 * owner removed come back: generating is "sell every combination", then remove what is not sold.
 */
export function generateVariants(
  options: ProductOption[],
  existing: DraftVariant[],
  defaults: { price: string; originalPrice: string },
): DraftVariant[] {
  const named = options.filter((o) => o.name && o.values.length);
  const known = new Map(existing.map((v) => [optionsKey(named, v.options), v]));
  return combinations(named).map(
    (values) =>
      known.get(optionsKey(named, values)) ?? {
        options: values,
        price: defaults.price,
        originalPrice: defaults.originalPrice,
        sku: "",
        stock: "",
        imageId: "",
      },
  );
}

/** What a bulk edit sets (never the SKU, which is one per variant). */
export type BulkField = "price" | "originalPrice" | "stock";

/** "Set the price of all Stitched to 6490": `match` is an option name and value, or null for every row. */
export function bulkEdit(
  variants: DraftVariant[],
  match: { name: string; value: string } | null,
  field: BulkField,
  value: string,
): DraftVariant[] {
  return variants.map((v) => (!match || v.options[match.name] === match.value ? { ...v, [field]: value.trim() } : v));
}

const isPlainSizeColor = (p: ProductWithVariants) =>
  (p.options ?? []).every((o) => o.name === "Size" || o.name === "Color");

/**
 * Whether the product needs the options editor: an option other than Size and Color, or variants
 * that differ from plain size × colour (own prices, SKUs, pictures, or a combination not sold).
 */
export function usesVariants(p: ProductWithVariants): boolean {
  const variants = p.variants;
  if (!variants) return false;
  if (!isPlainSizeColor(p)) return true;
  const combos = Math.max(1, p.sizes.length) * Math.max(1, p.colors.length);
  return (
    variants.length !== combos ||
    variants.some(
      (v) => v.price !== variants[0].price || v.originalPrice !== variants[0].originalPrice || v.sku || v.imageId,
    )
  );
}

/** The editor's start for a product: its own options and variants. */
export function variantsDraftOf(p: ProductWithVariants): VariantsDraft {
  return {
    options: (p.options ?? []).map((o) => ({ name: o.name, values: o.values.join(", ") })),
    variants: (p.variants ?? []).map((v) => ({
      id: v.id,
      options: v.options,
      price: v.price,
      originalPrice: v.originalPrice ?? "",
      sku: v.sku ?? "",
      stock: v.stock == null ? "" : String(v.stock),
      imageId: v.imageId ?? "",
    })),
    counted: Boolean(p.variantStock),
  };
}

/** Switching a plain product to options: its sizes and colours become the Size and Color options. */
export function variantsDraftFromLists(sizes: string[], colors: string[]): VariantsDraft {
  const options = [
    { name: "Size", values: sizes.join(", ") },
    { name: "Color", values: colors.join(", ") },
  ].filter((o) => o.values);
  return { options: options.length ? options : [{ name: "", values: "" }], variants: [], counted: false };
}

const money = (text: string) => text.trim();

/** What the form sends for the options and variants (CONTRACT.md: `options`, `variants`). */
export function variantsPayload(draft: VariantsDraft) {
  const options = draftOptions(draft);
  return {
    options,
    variants: draft.variants.map((v) => ({
      ...(v.id !== undefined ? { id: v.id } : {}),
      options: v.options,
      price: money(v.price),
      originalPrice: money(v.originalPrice) || null,
      sku: v.sku.trim(),
      imageId: v.imageId || null,
      ...(draft.counted ? { stock: Number(v.stock.trim() || 0) } : {}),
    })),
  };
}
