import { PRODUCT_IMPORT_MAX_BYTES, PRODUCT_IMPORT_MAX_ROWS } from "@shared/schemas/product-import.js";

/** How big an import may be (issue 41): said in every refusal, so the owner knows how to split it. */
export const IMPORT_MAX_BYTES = PRODUCT_IMPORT_MAX_BYTES;
export const IMPORT_MAX_ROWS = PRODUCT_IMPORT_MAX_ROWS;
/** A file with more rows is imported in the background (202 and a progress address). */
export const IMPORT_BACKGROUND_ROWS = 1_000;
/** Options a product may have (CONTRACT part four). */
export const MAX_OPTIONS = 3;
/** Errors listed in one answer; past this the file has a systematic problem, and the list says so. */
export const MAX_LISTED_ERRORS = 500;
/** Products written per transaction: between batches the storefront's requests get their turn. */
export const IMPORT_BATCH_PRODUCTS = 50;
/** The pause between batches (PGlite runs in this thread: see remittances/import-settlement.ts). */
export const IMPORT_PAUSE_MS = 10;
