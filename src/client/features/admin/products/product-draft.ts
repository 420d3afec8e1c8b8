import type { ImageRef } from "@shared/schemas/common.js";
import type { z } from "zod";
import { PRODUCT_FORM, type ProductInput, type productInput } from "@shared/schemas/products.js";
import { stockGrid, variantKey } from "@shared/rules/stock.js";
import {
  draftOptions,
  usesVariants,
  variantsDraftOf,
  variantsPayload,
  type ProductWithVariants,
  type VariantsDraft,
} from "./variant-draft";

/** An image in the dialog: one already on the server (kept by id) or a file chosen just now. */
export type DraftImage = { kind: "existing"; ref: ImageRef } | { kind: "new"; file: File; previewUrl: string };

export const NEW_CATEGORY = "__new__";

export interface ProductDraft {
  name: string;
  sku: string;
  description: string;
  price: string;
  originalPrice: string;
  category: string;
  newCategoryName: string;
  sizes: string;
  colors: string;
  colorStock: Record<string, boolean>;
  images: DraftImage[];
  colorImages: Record<string, DraftImage[]>;
  inStock: "1" | "0";
  featured: "1" | "0";
  /** Quantities per size × colour as typed (variantKey → text); null: stock is not tracked. */
  stock: Record<string, string> | null;
  /** Options and variants; null while the product keeps plain sizes and colours (and the stock grid). */
  variants: VariantsDraft | null;
}

/** The spec's list rule: split on commas, trim, drop empty entries (and repeats). */
export function splitList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export function emptyDraft(category = ""): ProductDraft {
  return {
    name: "",
    sku: "",
    description: "",
    price: "",
    originalPrice: "",
    category,
    newCategoryName: "",
    sizes: "",
    colors: "",
    colorStock: {},
    images: [],
    colorImages: {},
    inStock: "1",
    featured: "0",
    stock: null,
    variants: null,
  };
}

export function draftFromProduct(p: ProductWithVariants): ProductDraft {
  const existing = (refs: ImageRef[]): DraftImage[] => refs.map((ref) => ({ kind: "existing", ref }));
  return {
    name: p.name,
    sku: p.sku,
    description: p.description,
    price: p.regular?.price ?? p.price,
    originalPrice: (p.regular ? p.regular.originalPrice : p.originalPrice) ?? "",
    category: p.category,
    newCategoryName: "",
    sizes: p.sizes.join(", "),
    colors: p.colors.join(", "),
    colorStock: { ...p.colorVariantStock },
    images: existing(p.images),
    colorImages: Object.fromEntries(Object.entries(p.colorVariantImages).map(([c, refs]) => [c, existing(refs)])),
    inStock: p.inStock ? "1" : "0",
    featured: p.featured ? "1" : "0",
    stock: p.variantStock
      ? Object.fromEntries(p.variantStock.map((s) => [variantKey(s.size, s.color), String(s.quantity)]))
      : null,
    variants: usesVariants(p) ? variantsDraftOf(p) : null,
  };
}

/** The Size and Color options' values, as the sizes and colours fields keep them. */
export function listsFromVariants(variants: VariantsDraft): Pick<ProductDraft, "sizes" | "colors"> {
  const values = (name: string) =>
    draftOptions(variants)
      .find((o) => o.name === name)
      ?.values.join(", ") ?? "";
  return { sizes: values("Size"), colors: values("Color") };
}

/** The options part of productData: options and variants, the lowest price as the product's own. */
function optionsData(draft: ProductDraft) {
  if (!draft.variants) return { price: draft.price.trim(), variantStock: draftStock(draft) };
  const payload = variantsPayload(draft.variants);
  const prices = payload.variants.map((v) => Number(v.price)).filter((n) => Number.isFinite(n) && n > 0);
  return {
    ...payload,
    price: prices.length ? String(Math.min(...prices)) : draft.price.trim(),
    // Counted stock travels on each variant; not counting stops tracking as the grid's "Stop" does.
    ...(draft.variants.counted ? {} : { variantStock: null }),
  };
}

/** The grid as sent: every size × colour typed above, blank or unreadable boxes as 0. */
export function draftStock(draft: ProductDraft): ProductInput["variantStock"] {
  if (draft.stock === null) return null;
  const typed = draft.stock;
  return stockGrid(splitList(draft.sizes), splitList(draft.colors), []).map((s) => {
    const n = Number((typed[variantKey(s.size, s.color)] ?? "").trim() || 0);
    return { ...s, quantity: Number.isFinite(n) ? n : 0 };
  });
}

/** A colour's stock flag: a colour nobody has ticked yet is in stock (spec §5). */
export const colorInStock = (draft: ProductDraft, color: string) => draft.colorStock[color] ?? true;

/**
 * The multipart body of POST/PUT /api/products: 'productData' JSON (kept images by id, in order)
 * plus the new files, 'images' for the default group and one field per colour.
 */
export function buildProductForm(draft: ProductDraft, category: string): FormData {
  const colors = splitList(draft.colors);
  const keptIds = (group: DraftImage[]) => group.flatMap((img) => (img.kind === "existing" ? [img.ref.id] : []));
  const data: Omit<z.input<typeof productInput>, "variants"> & Partial<ReturnType<typeof variantsPayload>> = {
    name: draft.name,
    sku: draft.sku,
    description: draft.description,
    // Left out when empty (which the server reads as none): productInput coerces a JSON null to "null".
    ...(draft.originalPrice.trim() ? { originalPrice: draft.originalPrice.trim() } : {}),
    category,
    sizes: splitList(draft.sizes),
    colors,
    inStock: draft.inStock === "1" ? 1 : 0,
    featured: draft.featured === "1" ? 1 : 0,
    images: keptIds(draft.images),
    colorVariantImages: Object.fromEntries(colors.map((c) => [c, keptIds(draft.colorImages[c] ?? [])])),
    colorVariantStock: Object.fromEntries(colors.map((c) => [c, colorInStock(draft, c)])),
    ...optionsData(draft),
  };
  const form = new FormData();
  form.append(PRODUCT_FORM.data, JSON.stringify(data));
  // The dialog shows every kept image, so on edit the form's lists are the whole truth.
  form.append(PRODUCT_FORM.replaceImages, "true");
  for (const img of draft.images) if (img.kind === "new") form.append(PRODUCT_FORM.images, img.file, img.file.name);
  for (const c of colors) {
    for (const img of draft.colorImages[c] ?? [])
      if (img.kind === "new") form.append(PRODUCT_FORM.colorImages(c), img.file, img.file.name);
  }
  return form;
}
