import { setTimeout as delay } from "node:timers/promises";
import type { ProductImportResult } from "@shared/schemas/product-import.js";
import type { Db } from "../../db/client.js";
import { writePlannedChunk } from "./apply-plan.js";
import type { ImportedCatalogue } from "./catalogue-model.js";
import { loadStoredProducts, skuOwners } from "./catalogue-gateway.js";
import type { PictureFetchOptions } from "./fetch-picture.js";
import { addMissingAttributes, spellAttributes } from "./import-attributes.js";
import { IMPORT_BATCH_PRODUCTS, IMPORT_PAUSE_MS } from "./import-limits.js";
import { fetchPictures, knownPictures, type PictureFailureReport } from "./picture-store.js";
import { planImport, type ImportPlan } from "./plan.js";

export interface ImportRun {
  dryRun: boolean;
  pictureOptions: PictureFetchOptions;
  /** After each batch written: the file's rows done so far. */
  onProgress?: (rowsDone: number) => Promise<void>;
  /** Once the plan is made, before anything is written: what the import will answer. */
  onPlanned?: (result: ProductImportResult) => Promise<void>;
}

const picturesOf = (catalogue: ImportedCatalogue) => [
  ...new Set(
    catalogue.products.flatMap((p) => [...p.images.map((i) => i.url), ...p.variants.flatMap((v) => v.imageUrl ?? [])]),
  ),
];

async function plan(db: Db, catalogue: ImportedCatalogue, pictures: Map<string, string>, dryRun: boolean) {
  const stored = await loadStoredProducts(
    db,
    catalogue.products.map((p) => p.handle),
  );
  const owners = await skuOwners(
    db,
    catalogue.products.flatMap((p) => p.variants.flatMap((v) => v.sku ?? [])),
  );
  return planImport({ catalogue, stored, skuOwners: owners, pictures, dryRun }, catalogue.format);
}

function answer(
  catalogue: ImportedCatalogue,
  made: ImportPlan,
  dryRun: boolean,
  images: { fetched: number; failed: PictureFailureReport[] },
): ProductImportResult {
  return {
    dryRun,
    rows: catalogue.rows,
    products: made.counts.products,
    variants: made.counts.variants,
    images: { fetched: images.fetched, failed: images.failed.length },
    errors: made.errors.answer(),
    warnings: made.warnings,
    failedImages: images.failed,
    ignoredColumns: catalogue.ignoredColumns,
  };
}

/**
 * A file read into the catalogue model, checked against the store and, unless a dry run, written
 * (layer c). The whole file is checked before anything is written: with any error nothing is,
 * pictures included. A dry run fetches nothing and counts the pictures the import would fetch.
 * Writing goes IMPORT_BATCH_PRODUCTS products per transaction; a failure part way leaves the
 * batches before it written, and importing the same file again finishes the rest (it is matched
 * by handle and SKU, so nothing is made twice).
 */
export async function importCatalogue(
  db: Db,
  catalogue: ImportedCatalogue,
  run: ImportRun,
): Promise<ProductImportResult> {
  await spellAttributes(db, catalogue);
  const urls = picturesOf(catalogue);
  const known = await knownPictures(db, urls);
  const check = await plan(db, catalogue, known, true);
  const toFetch = urls.filter((u) => !known.has(u)).length;
  if (run.dryRun || check.errors.count > 0)
    return answer(catalogue, check, run.dryRun, { fetched: run.dryRun ? toFetch : 0, failed: [] });

  const pictures = await fetchPictures(db, urls, run.pictureOptions);
  const made = await plan(db, catalogue, pictures.imageIds, false);
  const result = answer(catalogue, made, false, pictures);
  await run.onPlanned?.(result);
  const changed = made.products.filter((p) => p.change !== "unchanged");
  // Category slugs by name, once per import (a rolled-back batch fails the whole run, and a new run starts afresh).
  const categories = new Map<string, string>();
  if (changed.length) await addMissingAttributes(db, catalogue);
  for (let i = 0; i < changed.length; i += IMPORT_BATCH_PRODUCTS) {
    const batch = changed.slice(i, i + IMPORT_BATCH_PRODUCTS);
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await writePlannedChunk(tx, batch, catalogue.format, categories);
    });
    if (run.onProgress) {
      const last = batch[batch.length - 1].imported.line;
      await run.onProgress(Math.min(catalogue.rows, Math.max(0, last - 1)));
    }
    await delay(IMPORT_PAUSE_MS);
  }
  return result;
}
