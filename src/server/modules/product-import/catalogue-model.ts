/**
 * What an import file says, read into the store's terms before anything is compared or written
 * (layer a of issue 41): both formats, Shopify's and the store's own, read into this model.
 */
export type ImportFormat = "shopify" | "store";
import type { ProductStatus } from "@shared/catalogue/handles.js";
export type { ProductStatus };

export interface ImportedOption {
  name: string;
  values: string[];
}

export interface ImportedVariant {
  /** The file's line this variant was read from (the header is line 1). */
  line: number;
  /** `{<option name>: <value>}` for every option of the product (empty for a product without options). */
  options: Record<string, string>;
  sku: string | null;
  /** Whole rupees or with paise, as the database keeps them ("6490", "6490.5"). */
  price: string;
  compareAtPrice: string | null;
  /** Units in stock when the file gives them (stock is then counted for the product); null: not said. */
  inventory: number | null;
  /** The variant's own picture, by its address in the file. */
  imageUrl: string | null;
}

export interface ImportedImage {
  line: number;
  url: string;
  position: number;
}

export interface ImportedProduct {
  /** The line of the product's first row. */
  line: number;
  handle: string;
  title: string;
  description: string;
  /** The category's name (Shopify's `Type`); created when the store has none of that name. */
  category: string;
  attributes: Record<string, string[]>;
  status: ProductStatus;
  featured: boolean;
  options: ImportedOption[];
  variants: ImportedVariant[];
  /** The product's pictures in their order (positions as the file gives them, then the file's order). */
  images: ImportedImage[];
}

export interface ImportError {
  line: number;
  column: string;
  message: string;
}

export interface ImportedCatalogue {
  format: ImportFormat;
  /** Rows read (not counting the header and empty lines). */
  rows: number;
  products: ImportedProduct[];
  /** Columns of the file the store does not use, each named once. */
  ignoredColumns: string[];
  errors: ImportError[];
}
