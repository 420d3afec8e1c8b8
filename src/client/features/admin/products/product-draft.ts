import type { ImageRef } from "@shared/schemas/common.js";
import { PRODUCT_FORM, type Product, type ProductInput } from "@shared/schemas/products.js";
import { stockGrid, variantKey } from "@shared/rules/stock.js";

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
  /** {<attribute name>: [values]} (decision 040). */
  attributes: Record<string, string[]>;
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
    attributes: {},
  };
}

export function draftFromProduct(p: Product): ProductDraft {
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
    attributes: p.attributes ?? {},
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
  const data: ProductInput = {
    name: draft.name,
    sku: draft.sku,
    description: draft.description,
    price: draft.price.trim(),
    originalPrice: draft.originalPrice.trim() || null,
    category,
    sizes: splitList(draft.sizes),
    colors,
    inStock: draft.inStock === "1" ? 1 : 0,
    featured: draft.featured === "1" ? 1 : 0,
    images: keptIds(draft.images),
    colorVariantImages: Object.fromEntries(colors.map((c) => [c, keptIds(draft.colorImages[c] ?? [])])),
    colorVariantStock: Object.fromEntries(colors.map((c) => [c, colorInStock(draft, c)])),
    variantStock: draftStock(draft),
    attributes: draft.attributes,
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
