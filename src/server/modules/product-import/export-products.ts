import { Readable } from "node:stream";
import type { ProductFileFormat } from "@shared/schemas/product-import.js";
import type { Db } from "../../db/client.js";
import { CSV_BOM, csvLine } from "../reports/index.js";
import { allStoredProducts } from "./catalogue-gateway.js";
import { exportColumns, exportRows } from "./export-rows.js";

/**
 * GET /api/admin/products/export: every product in the chosen format, streamed a page of products
 * at a time (never the whole catalogue in memory), as a CSV that Excel opens in UTF-8.
 */
export function exportProducts(db: Db, format: ProductFileFormat, origin: string): Readable {
  const columns = exportColumns(format);
  async function* lines() {
    yield CSV_BOM + csvLine([...columns]);
    for await (const product of allStoredProducts(db)) {
      let chunk = "";
      for (const row of exportRows(product, format, origin)) chunk += csvLine(columns.map((c) => row[c] ?? ""));
      yield chunk;
    }
  }
  return Readable.from(lines());
}
