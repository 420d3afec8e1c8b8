import { z } from "zod";
import { PRICE_RANGES, PRODUCT_PAGE_MAX } from "../constants.js";
import { splitFacetToken } from "../rules/facet-filters.js";
import { productAttributes } from "./attributes.js";
import { imageIdInput, imageRef, moneyString, trimmed } from "./common.js";
import { variantStockEntry, variantStockInput } from "./stock.js";
import { MAX_STOCK_QUANTITY } from "../rules/stock.js";
import {
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_VARIANTS,
  OPTION_NAME_MAX,
  OPTION_VALUE_MAX,
} from "../catalogue/variants.js";

/** A variant as product answers show it (decision 038); `stock` only where stock is counted. */
export const productVariant = z.object({
  id: z.number().int(),
  options: z.record(z.string(), z.string()),
  price: z.string(),
  originalPrice: z.string().nullable(),
  sku: z.string().nullable(),
  available: z.boolean(),
  imageId: z.string().optional(),
  stock: z.number().int().optional(),
});
import { handleInput, productStatus, publishAtInput } from "./product-publishing.js";

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
  /** Its page is /products/{handle}; `status` and `publishAt`: issue 40, decision 039. */
  handle: z.string(),
  status: productStatus,
  publishAt: z.string().nullable(),
  images: z.array(imageRef),
  colorVariantImages: z.record(z.string(), z.array(imageRef)),
  colorVariantStock: z.record(z.string(), z.boolean()),
  /** Only on a product that tracks stock per size and colour (decision 007). */
  variantStock: z.array(variantStockEntry).optional(),
  /** Up to three options, in the order shoppers choose them, and the combinations on sale (decision 038). */
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })).optional(),
  variants: z.array(productVariant).optional(),
  /**
   * Only while an automatic sale lowers `price`: the product's own prices as the owner set them
   * (what the admin's product form edits).
   */
  regular: z.object({ price: z.string(), originalPrice: z.string().nullable() }).optional(),
  /** {<attribute name>: [values]} (decision 040). */
  attributes: z.record(z.string(), z.array(z.string())),
});
export type Product = z.infer<typeof product>;

/** A product as its card shows it (`cardOf` in shared/catalogue/cards.ts; decision 053): its first picture only. */
export const productCard = product
  .pick({
    id: true,
    handle: true,
    name: true,
    category: true,
    description: true,
    price: true,
    originalPrice: true,
    colors: true,
    featured: true,
  })
  .extend({
    images: z.array(imageRef).max(1),
    /** Its variants on sale differ in price: the card says "From" before the price. */
    pricedFrom: z.boolean(),
  });
export type ProductCard = z.infer<typeof productCard>;

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
  /** `card`: each product as its card shows it (the storefront's lists; decision 053). */
  view: z.literal("card", { message: "view may only be card" }).optional(),
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

/** GET /api/products?page=…&view=card: one page of the matches as cards. */
export const productCardPage = productPage.extend({ products: z.array(productCard) });
export type ProductCardPage = z.infer<typeof productCardPage>;

/**
 * GET /api/products/home: what the home page shows, read whatever the catalogue's size: the
 * newest product of each category (the hero, whose pictures also stand for the collection tiles)
 * and the newest arrivals, as cards.
 */
export const homeProducts = z.object({
  hero: z.array(productCard),
  newArrivals: z.array(productCard),
});
export type HomeProducts = z.infer<typeof homeProducts>;

const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v ? 1 : 0));
const list = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(50)).max(30));

const blankToUndefined = (v: unknown) => (v === null || v === "" ? undefined : typeof v === "number" ? String(v) : v);

export const productOptionInput = z.object({
  name: trimmed(OPTION_NAME_MAX).min(1, "Name this option, like Size"),
  values: z
    .array(trimmed(OPTION_VALUE_MAX).min(1, "An option value cannot be empty"))
    .min(1, "Give this option at least one value")
    .max(MAX_OPTION_VALUES, `An option has at most ${MAX_OPTION_VALUES} values`),
});

/** One variant as the admin sends it: its options, its own price and compare-at price, SKU, picture and stock. */
export const variantInput = z.object({
  options: z.record(trimmed(OPTION_NAME_MAX), trimmed(OPTION_VALUE_MAX)),
  /** Checked for presence with the other variant rules (variantProblems), so the message names the variant. */
  price: z.preprocess(blankToUndefined, moneyString.optional()),
  originalPrice: z.preprocess((v) => (v === "0" || v === 0 ? undefined : blankToUndefined(v)), moneyString.optional()),
  sku: trimmed(100).nullable().optional(),
  imageId: imageIdInput.nullable().optional(),
  /** Units on the shelf where the product counts stock; null or absent: not counted. */
  stock: z.coerce
    .number({ message: "Stock must be a number" })
    .int("Stock must be a whole number")
    .min(0, "Stock cannot be below 0")
    .max(MAX_STOCK_QUANTITY, `Stock can be at most ${MAX_STOCK_QUANTITY.toLocaleString("en")}`)
    .nullable()
    .optional(),
});
export type VariantInput = z.infer<typeof variantInput>;

/**
 * The admin's productData. Images already on the server are kept by id; new files come as
 * multipart 'images' parts. The server adds a new colour to colorVariantStock as in stock.
 */
export const productInput = z.object({
  name: trimmed(200).min(1, "Product name is required"),
  sku: trimmed(100).default(""),
  description: trimmed(5000).default(""),
  /** Required without `variants`; with them, the cheapest available variant's (kept by the server). */
  price: z.coerce.string().pipe(moneyString).optional(),
  originalPrice: z
    .union([z.null(), z.coerce.string()])
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
  /**
   * Options and the combinations sold (decision 038). Without them the options are Size and Color
   * from `sizes` and `colors`, and every combination is sold at `price`.
   */
  options: z
    .array(productOptionInput)
    .max(MAX_OPTIONS, `A product has at most ${MAX_OPTIONS} options; remove one`)
    .optional(),
  variants: z.array(variantInput).max(MAX_VARIANTS, `A product sells at most ${MAX_VARIANTS} variants`).optional(),
  /** Absent or blank: made from the name (on create) or kept (on update). */
  handle: handleInput,
  /** Absent: active on create (a draft when `publishAt` is given), kept on update. */
  status: productStatus.optional(),
  /** When a draft goes live by itself; null clears it, absent keeps it. */
  publishAt: publishAtInput,
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
