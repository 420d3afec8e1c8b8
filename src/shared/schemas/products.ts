import { z } from "zod";
import { PRICE_RANGES, PRODUCT_PAGE_MAX } from "../constants.js";
import { splitFacetToken } from "../rules/facet-filters.js";
import { productAttributes } from "./attributes.js";
import { imageIdInput, imageRef, moneyString, trimmed } from "./common.js";
import { variantStockEntry, variantStockInput } from "./stock.js";

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  description: z.string(),
  price: z.string(),
  originalPrice: z.string().nullable(),
  category: z.string(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  inStock: z.union([z.literal(0), z.literal(1)]),
  featured: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.string(),
  images: z.array(imageRef),
  colorVariantImages: z.record(z.string(), z.array(imageRef)),
  colorVariantStock: z.record(z.string(), z.boolean()),
  /** Only on a product that tracks stock per size and colour (decision 007). */
  variantStock: z.array(variantStockEntry).optional(),
  /**
   * Only while an automatic sale lowers `price`: the product's own prices as the owner set them
   * (what the admin's product form edits).
   */
  regular: z.object({ price: z.string(), originalPrice: z.string().nullable() }).optional(),
  /** {<attribute name>: [values]} (decision 040). */
  attributes: z.record(z.string(), z.array(z.string())),
});
export type Product = z.infer<typeof product>;

const many = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(50).optional());

export const productListQuery = z.object({
  category: many(z.string().max(100)),
  priceRange: z.enum(PRICE_RANGES.map((r) => r.value) as [string, ...string[]]).optional(),
  sizes: many(z.string().max(50)),
  colors: many(z.string().max(50)),
  q: z.string().trim().max(100).optional(),
  /** `f=<Name>:<Value>`, repeatable: option and attribute filters (decision 040). */
  f: many(
    z
      .string()
      .max(101)
      .refine(
        (v) => v.trim() === "" || splitFacetToken(v) !== null,
        "A filter is f=<Name>:<Value>, for example f=Fabric:Lawn",
      ),
  ),
  sort: z.enum(["featured", "price-asc", "price-desc", "newest"]).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  /** 1-based page: with it (or pageSize) the answer is a productPage, counted over every match. */
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(PRODUCT_PAGE_MAX).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** GET /api/products?page=…: one page of the matches, in order, and how many match in all. */
export const productPage = z.object({
  products: z.array(product),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type ProductPage = z.infer<typeof productPage>;

/**
 * GET /api/products/home: what the home page shows, read whatever the catalogue's size: the
 * newest product of each category (the hero, whose pictures also stand for the collection tiles)
 * and the newest arrivals.
 */
export const homeProducts = z.object({
  hero: z.array(product),
  newArrivals: z.array(product),
});
export type HomeProducts = z.infer<typeof homeProducts>;

const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v ? 1 : 0));
const list = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(50)).max(30));

/**
 * The admin's productData. Images already on the server are kept by id; new files come as
 * multipart 'images' parts. The server adds a new colour to colorVariantStock as in stock.
 */
export const productInput = z.object({
  name: trimmed(200).min(1, "Product name is required"),
  sku: trimmed(100).default(""),
  description: trimmed(5000).default(""),
  price: z.coerce.string().pipe(moneyString),
  originalPrice: z
    .union([z.coerce.string(), z.null()])
    .optional()
    .transform((v) => (v == null || v === "" || v === "0" ? null : v))
    .pipe(moneyString.nullable()),
  category: trimmed(100).min(1, "Category is required"),
  sizes: list.default([]),
  colors: list.default([]),
  inStock: flag.default(1),
  featured: flag.default(0),
  /** Existing images to keep, in order (ids or image objects). */
  images: z.array(imageIdInput).max(5, "Maximum 5 images allowed").optional(),
  colorVariantImages: z.record(z.string().max(50), z.array(imageIdInput).max(5, "Maximum 5 images allowed")).optional(),
  colorVariantStock: z.record(z.string().max(50), z.boolean()).optional(),
  /** Quantities per size and colour; null stops tracking, absent keeps what is stored. */
  variantStock: variantStockInput.optional(),
  /** {<attribute name>: [values]} among the kept attributes; absent keeps what is stored. */
  attributes: productAttributes.optional(),
});
export type ProductInput = z.infer<typeof productInput>;

/**
 * Multipart field names of the product form: 'productData' (JSON of productInput), repeated
 * 'images' files for the default images, and repeated `colorImages[<colour>]` files for a
 * colour's variant images. PUT also reads 'colorVariantImages' and 'colorVariantStock' (JSON)
 * and 'replaceImages' ('true').
 */
export const PRODUCT_FORM = {
  data: "productData",
  images: "images",
  colorImages: (color: string) => `colorImages[${color}]`,
  colorVariantImages: "colorVariantImages",
  colorVariantStock: "colorVariantStock",
  replaceImages: "replaceImages",
} as const;

/** The colour named by a `colorImages[<colour>]` field, or null for any other field. */
export function colorOfImageField(fieldname: string): string | null {
  const match = /^colorImages\[(.+)\]$/.exec(fieldname);
  return match ? match[1] : null;
}

export const ratingSummary = z.object({ averageRating: z.number(), totalReviews: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummary>;
