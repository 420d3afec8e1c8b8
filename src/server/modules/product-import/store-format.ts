import type { SheetRow } from "../../lib/sheets/index.js";
import type { ImportedCatalogue } from "./catalogue-model.js";
import { ImportErrors } from "./import-errors.js";
import { statusOf } from "./import-values.js";
import { ProductBuilder } from "./product-builder.js";
import { readTable, type TableRow } from "./sheet-table.js";

/**
 * The store's own product file (README, "Product files"): one row per variant; the product's
 * columns on the first row of its handle (later rows may repeat them or leave them empty).
 */
export const STORE_COLUMNS = [
  "Handle",
  "Name",
  "Description",
  "Category",
  "Status",
  "Featured",
  "Attributes",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "SKU",
  "Price",
  "Original Price",
  "Stock",
  "Variant Image",
  "Images",
] as const;

const REQUIRED = ["Handle", "Name", "Category", "Price"];

/** `Fabric: Lawn; Season: Summer, Winter` */
export function storeAttributesOf(text: string): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const part of text.split(";")) {
    const at = part.indexOf(":");
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const values = part
      .slice(at + 1)
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
    if (name && values.length) attributes[name] = [...new Set(values)];
  }
  return attributes;
}

export async function readStoreProducts(rows: AsyncIterable<SheetRow>): Promise<ImportedCatalogue> {
  const errors = new ImportErrors();
  const builder = new ProductBuilder(errors);
  let ignored: string[] = [];
  const count = await readTable(
    rows,
    {
      columns: STORE_COLUMNS,
      aliases: {},
      required: REQUIRED,
      missingHint: "export the products again and edit that file",
    },
    errors,
    (header) => (ignored = header.ignored),
    readRow,
  );

  function readRow(row: TableRow) {
    const t = row.text;
    if (!t("Handle")) {
      errors.add(row.line, "Handle", "Give the product's handle on every row");
      return;
    }
    const first = !builder.products.has(t("Handle").toLowerCase());
    const statusText = t("Status");
    const status = statusText ? statusOf(statusText) : "active";
    if (first && !status)
      errors.add(row.line, "Status", `"${statusText.slice(0, 40)}" is not a status: write active, draft or archived`);
    const featured = t("Featured").toLowerCase();
    if (first && featured && !["yes", "no", "true", "false", "1", "0"].includes(featured))
      errors.add(row.line, "Featured", `Write yes or no (or leave it empty for no)`);
    if (first && !t("Category")) errors.add(row.line, "Category", "Give the product's category");
    const product = builder.product({
      line: row.line,
      handle: { text: t("Handle"), column: "Handle" },
      title: t("Name"),
      description: t("Description"),
      category: t("Category"),
      attributes: storeAttributesOf(t("Attributes")),
      status: status ?? "active",
      featured: ["yes", "true", "1"].includes(featured),
      optionNames: [1, 2, 3].map((i) => ({ text: t(`Option${i} Name`), column: `Option${i} Name` })),
    });
    if (!product) return;
    builder.variant(product, {
      line: row.line,
      values: [1, 2, 3].map((i) => t(`Option${i} Value`)),
      valueColumns: [1, 2, 3].map((i) => `Option${i} Value`),
      sku: { text: t("SKU"), column: "SKU" },
      price: { text: t("Price"), column: "Price" },
      compareAt: { text: t("Original Price"), column: "Original Price" },
      inventory: { text: t("Stock"), column: "Stock" },
      image: { text: t("Variant Image"), column: "Variant Image" },
    });
    const urls = t("Images").split(/\s+/).filter(Boolean);
    for (const url of urls) builder.image(product, row.line, "Images", url, product.images.length + 1);
  }

  const products = builder.finish();
  return { format: "store", rows: count, products, ignoredColumns: ignored, errors: errors.answer() };
}
