import { z } from "zod";

/**
 * Product import and export (issue 41, CONTRACT part four "Moving a shop in"): the form's
 * fields, the answer, the progress of an import run in the background.
 */
export const PRODUCT_FILE_FORMATS = ["shopify", "store"] as const;
export type ProductFileFormat = (typeof PRODUCT_FILE_FORMATS)[number];

/** The largest file one import takes, and its most rows (said in the refusals). */
export const PRODUCT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 50_000;

export const productImportFields = z.object({
  format: z.enum(PRODUCT_FILE_FORMATS, { message: "Choose the file's format: shopify or store" }),
  dryRun: z
    .enum(["true", "false"], { message: "dryRun is true (only check the file) or false (import it)" })
    .default("false")
    .transform((v) => v === "true"),
});

export const productExportQuery = z.object({
  format: z.enum(PRODUCT_FILE_FORMATS, { message: "Choose the export's format: shopify or store" }).default("shopify"),
});

const counts = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });

export const productImportResult = z.object({
  dryRun: z.boolean(),
  rows: z.number().int(),
  products: counts,
  variants: counts,
  /** In a dry run: the pictures the import would fetch. */
  images: z.object({ fetched: z.number().int(), failed: z.number().int() }),
  errors: z.array(z.object({ line: z.number().int(), column: z.string(), message: z.string() })),
  /** What the import leaves out without refusing the file (a product's pictures past the store's limit), by line. */
  warnings: z.array(z.object({ line: z.number().int(), column: z.string(), message: z.string() })),
  /** The pictures that were not fetched, with why. */
  failedImages: z.array(z.object({ url: z.string(), message: z.string() })),
  /** Columns of the file the store does not use, each named once. */
  ignoredColumns: z.array(z.string()),
});
export type ProductImportResult = z.infer<typeof productImportResult>;

export const productImportProgress = z.object({
  id: z.number().int(),
  state: z.enum(["running", "done", "failed"]),
  rowsDone: z.number().int(),
  rows: z.number().int(),
  result: productImportResult.nullable(),
  /** Why a failed import stopped, and what to do. */
  error: z.string().nullable(),
});
export type ProductImportProgress = z.infer<typeof productImportProgress>;
