import { open } from "node:fs/promises";
import type { FastifyRequest } from "fastify";
import { productImportFields, type ProductImportResult } from "@shared/schemas/product-import.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import type { SheetForm } from "../../lib/sheets/index.js";
import { parse } from "../../lib/validate.js";
import { actorOf, recordAudit } from "../audit/index.js";
import { startBackgroundImport } from "./background-import.js";
import type { PictureFetchOptions } from "./fetch-picture.js";
import { importCatalogue } from "./import-catalogue.js";
import { IMPORT_BACKGROUND_ROWS } from "./import-limits.js";
import { readImportFile } from "./read-import.js";

const notASheet = () =>
  new AppError(
    "VALIDATION",
    "This file is not a CSV or an Excel (.xlsx) file; export the products as CSV (or save the sheet as .xlsx) and upload that",
  );

/** A CSV is text and an XLSX a zip: anything else (a picture, a PDF, an old .xls) is refused before it is read. */
async function checkFileKind(path: string, kind: "csv" | "xlsx"): Promise<void> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4096), 0, 4096, 0);
    const head = buffer.subarray(0, bytesRead);
    const zip = head[0] === 0x50 && head[1] === 0x4b;
    if (kind === "xlsx" ? !zip : zip || head.includes(0)) throw notASheet();
  } finally {
    await file.close();
  }
}

export type ImportAnswer = { status: 200 | 422; body: ProductImportResult } | { status: 202; body: { id: number } };

/**
 * POST /api/admin/products/import's form, its parts in any order: checked, read, and then a dry
 * run, an import, or (over 1,000 rows) an import started in the background.
 */
export async function receiveImport(
  db: Db,
  request: FastifyRequest,
  form: SheetForm,
  pictureOptions: PictureFetchOptions,
): Promise<ImportAnswer> {
  if (!form.file)
    throw new AppError("VALIDATION", "The form has no `file` (the products file, CSV or XLSX); send it again with it");
  const { format, dryRun } = parse(productImportFields, form.fields);
  await checkFileKind(form.file.path, form.file.kind);
  const catalogue = await readImportFile(form.file.path, form.file.kind, format);
  const actor = actorOf(request);
  if (!dryRun && catalogue.rows > IMPORT_BACKGROUND_ROWS && catalogue.errors.length === 0) {
    const id = await startBackgroundImport(db, catalogue, form.file.filename, actor);
    await recordAudit(db, { actor, action: "products.import.start", entity: "product_import", entityId: id });
    return { status: 202, body: { id } };
  }
  const result = await importCatalogue(db, catalogue, { dryRun, pictureOptions });
  const failed = result.errors.length > 0;
  if (!dryRun && !failed)
    await recordAudit(db, {
      actor,
      action: "products.import",
      entity: "product_import",
      entityId: "",
      after: { file: form.file.filename, format, products: result.products, variants: result.variants },
    });
  return { status: !dryRun && failed ? 422 : 200, body: result };
}
