import type { ImportedOption, ProductStatus } from "./catalogue-model.js";

/**
 * A product as the store holds it, in the import's terms: what an imported product is compared
 * with (plan.ts) and what an export writes (export-rows.ts).
 */
export interface StoredVariant {
  id: number;
  options: Record<string, string>;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  /** Units in stock where the product counts stock; null where it does not. */
  stock: number | null;
  imageId: string | null;
}

export interface StoredProduct {
  id: number;
  handle: string;
  title: string;
  description: string;
  /** The category's name, as a file names it. */
  category: string;
  attributes: Record<string, string[]>;
  status: ProductStatus;
  featured: boolean;
  options: ImportedOption[];
  imageIds: string[];
  variants: StoredVariant[];
}
