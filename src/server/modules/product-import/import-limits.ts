/** How big an import may be (issue 41): said in every refusal, so the owner knows how to split it. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** A file with more rows is imported in the background (202 and a progress address). */
export const IMPORT_BACKGROUND_ROWS = 1_000;
/** Options a product may have (CONTRACT part four). */
export const MAX_OPTIONS = 3;
/** Pictures kept per product: the store's own limit for a product (shared/schemas/products.ts). */
export const MAX_PRODUCT_IMAGES = 5;
/** Errors listed in one answer; past this the file has a systematic problem, and the list says so. */
export const MAX_LISTED_ERRORS = 500;
