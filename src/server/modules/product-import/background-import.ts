import { eq, sql } from "drizzle-orm";
import type { ProductImportProgress, ProductImportResult } from "@shared/schemas/product-import.js";
import type { Db } from "../../db/client.js";
import { productImports } from "../../db/schema.js";
import { enqueueJob } from "../../jobs/jobs.js";
import { notFound } from "../../lib/app-error.js";
import type { ImportedCatalogue } from "./catalogue-model.js";
import { importCatalogue, type ImportRun } from "./import-catalogue.js";

export const IMPORT_JOB = "products.import";
/** A restart (or a failure) part way runs the import again from its file; after this many runs it is reported failed. */
export const IMPORT_JOB_ATTEMPTS = 3;

/**
 * A file over 1,000 rows (layer c): its rows as read are kept with the import, and a durable job
 * writes them, so a restart part way resumes on whichever app server takes the job over.
 */
export async function startBackgroundImport(
  db: Db,
  catalogue: ImportedCatalogue,
  fileName: string,
  actor: string,
): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .insert(productImports)
      .values({ format: catalogue.format, fileName, rows: catalogue.rows, catalogue, actor })
      .returning({ id: productImports.id });
    await enqueueJob(tx, { kind: IMPORT_JOB, payload: { importId: row.id }, maxAttempts: IMPORT_JOB_ATTEMPTS });
    return row.id;
  });
}

/**
 * The job: the kept file imported as a small one is. Resumed after a restart, it answers the
 * counts of its first plan (products written before the restart read as unchanged the second time).
 */
export async function runBackgroundImport(
  db: Db,
  importId: number,
  run: Omit<ImportRun, "dryRun" | "onProgress" | "onPlanned">,
): Promise<ProductImportResult | null> {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, importId));
  if (!row || row.state !== "running" || !row.catalogue) return null;
  const earlier = row.result as ProductImportResult | null;
  const result = await importCatalogue(db, row.catalogue as ImportedCatalogue, {
    ...run,
    dryRun: false,
    onProgress: async (rowsDone) => {
      await db
        .update(productImports)
        .set({ rowsDone: sql`greatest(${productImports.rowsDone}, ${rowsDone})`, updatedAt: sql`now()` })
        .where(eq(productImports.id, importId));
    },
    onPlanned: async (planned) => {
      if (earlier) return;
      await db.update(productImports).set({ result: planned }).where(eq(productImports.id, importId));
    },
  });
  const final = earlier ?? result;
  await db
    .update(productImports)
    .set({ state: "done", rowsDone: row.rows, result: final, catalogue: null, updatedAt: sql`now()` })
    .where(eq(productImports.id, importId));
  return final;
}

/** After its last attempt: the import is reported failed, saying how far it got and what to do. */
export async function failBackgroundImport(db: Db, importId: number, error: unknown): Promise<void> {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, importId));
  if (!row || row.state !== "running") return;
  // The database's own words, not the statement a query wrapper puts before them.
  const reason = ((error as { cause?: Error })?.cause?.message ?? (error as Error)?.message)?.slice(0, 200);
  const message =
    `The import stopped after ${row.rowsDone.toLocaleString("en-US")} of ${row.rows.toLocaleString("en-US")} rows ` +
    `(${reason ?? "unknown error"}). What was written stays; import the same file ` +
    `again to finish it: products are matched by handle and SKU, so nothing is made twice.`;
  await db
    .update(productImports)
    .set({
      state: "failed",
      result: { ...(row.result as object), error: message },
      catalogue: null,
      updatedAt: sql`now()`,
    })
    .where(eq(productImports.id, importId));
}

export async function importProgress(db: Db, importId: number): Promise<ProductImportProgress> {
  const [row] = await db
    .select({
      id: productImports.id,
      state: productImports.state,
      rows: productImports.rows,
      rowsDone: productImports.rowsDone,
      result: productImports.result,
    })
    .from(productImports)
    .where(eq(productImports.id, importId));
  if (!row) throw notFound("Import");
  const stored = row.result as (ProductImportResult & { error?: string }) | null;
  const { error = null, ...result } = stored ?? {};
  return {
    id: row.id,
    state: row.state as ProductImportProgress["state"],
    rows: row.rows,
    rowsDone: row.rowsDone,
    // An import kept from before the answer had `warnings` reads as one without any.
    result: row.state === "done" && stored ? ({ warnings: [], ...result } as ProductImportResult) : null,
    error,
  };
}
