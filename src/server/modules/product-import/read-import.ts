import { readSheetRows, type SheetKind } from "../../lib/sheets/index.js";
import type { ImportedCatalogue, ImportFormat } from "./catalogue-model.js";
import { readShopifyProducts } from "./shopify-format.js";
import { readStoreProducts } from "./store-format.js";

/** A spooled import file (CSV or XLSX) read into the catalogue model, in the format the owner chose. */
export function readImportFile(path: string, kind: SheetKind, format: ImportFormat): Promise<ImportedCatalogue> {
  const rows = readSheetRows(path, kind);
  return format === "shopify" ? readShopifyProducts(rows) : readStoreProducts(rows);
}
