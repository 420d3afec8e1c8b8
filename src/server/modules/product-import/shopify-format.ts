import type { SheetRow } from "../../lib/sheets/index.js";
import type { ImportedCatalogue } from "./catalogue-model.js";
import { ImportErrors } from "./import-errors.js";
import { attributesOf, handleFromName, statusOf } from "./import-values.js";
import { ProductBuilder } from "./product-builder.js";
import { readTable, type TableRow } from "./sheet-table.js";

/**
 * Shopify's product CSV, as its help centre documents it ("Using CSV files to import and export
 * products"): rows grouped by `Handle`, the product's fields on its first row, each later row of a
 * handle a further variant (its option values) or a further picture (`Image Src` alone).
 */
export const SHOPIFY_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Image Src",
  "Image Position",
  "Variant Image",
  "Status",
] as const;

/** The same columns as Shopify's newer export names them. */
const NEWER_NAMES: Record<string, string> = {
  "URL handle": "Handle",
  Description: "Body (HTML)",
  "Product type": "Type",
  SKU: "Variant SKU",
  Price: "Variant Price",
  "Compare-at price": "Variant Compare At Price",
  "Inventory quantity": "Variant Inventory Qty",
  "Product image URL": "Image Src",
  "Variant image URL": "Variant Image",
};

/** Shopify's name for the one variant of a product without options. */
const NO_OPTION_NAME = "Title";
const NO_OPTION_VALUE = "Default Title";
const REQUIRED = ["Handle", "Title", "Variant Price"];
/** A category for products whose `Type` is empty (the store files every product under one). */
export const UNSORTED_CATEGORY = "Unsorted";

export async function readShopifyProducts(rows: AsyncIterable<SheetRow>): Promise<ImportedCatalogue> {
  const errors = new ImportErrors();
  const builder = new ProductBuilder(errors);
  let ignored: string[] = [];
  let lastHandle = "";
  const count = await readTable(
    rows,
    {
      columns: SHOPIFY_COLUMNS,
      aliases: NEWER_NAMES,
      required: REQUIRED,
      missingHint: "export the products from Shopify again with it",
    },
    errors,
    (header) => (ignored = header.ignored),
    readRow,
  );

  function readRow(row: TableRow) {
    const t = row.text;
    const title = t("Title");
    // A row without a handle but with a title starts a product whose handle is made from it.
    const handleText = t("Handle") || (title ? handleFromName(title) : lastHandle);
    if (!handleText) {
      errors.add(row.line, "Handle", "Give the product's handle on every row");
      return;
    }
    lastHandle = handleText;
    const statusText = t("Status");
    const status = statusText ? statusOf(statusText) : t("Published").toUpperCase() === "FALSE" ? "draft" : "active";
    if (!status)
      errors.add(row.line, "Status", `"${statusText.slice(0, 40)}" is not a status: write active, draft or archived`);
    const names = [1, 2, 3].map((i) => ({ text: t(`Option${i} Name`), column: `Option${i} Name` }));
    const noOptions = names[0].text === NO_OPTION_NAME && t("Option1 Value") === NO_OPTION_VALUE;
    const product = builder.product({
      line: row.line,
      handle: { text: handleText, column: "Handle" },
      title,
      description: t("Body (HTML)"),
      category: t("Type") || UNSORTED_CATEGORY,
      attributes: attributesOf(t("Tags").split(",")),
      status: status ?? "active",
      featured: false,
      optionNames: noOptions ? [] : names,
    });
    if (!product) return;
    const isVariant =
      product.variants.length === 0 ||
      [1, 2, 3].some((i) => t(`Option${i} Value`)) ||
      t("Variant SKU") !== "" ||
      t("Variant Price") !== "";
    if (isVariant) {
      const single = product.options.length === 0;
      builder.variant(product, {
        line: row.line,
        values: single ? [] : [1, 2, 3].map((i) => t(`Option${i} Value`)),
        valueColumns: [1, 2, 3].map((i) => `Option${i} Value`),
        sku: { text: t("Variant SKU"), column: "Variant SKU" },
        price: { text: t("Variant Price"), column: "Variant Price" },
        compareAt: { text: t("Variant Compare At Price"), column: "Variant Compare At Price" },
        inventory: { text: t("Variant Inventory Qty"), column: "Variant Inventory Qty" },
        image: { text: t("Variant Image"), column: "Variant Image" },
      });
    }
    const src = t("Image Src");
    if (src) {
      const positionText = t("Image Position");
      const position = Number(positionText);
      if (positionText && !(Number.isInteger(position) && position > 0))
        errors.add(row.line, "Image Position", `"${positionText.slice(0, 20)}" is not a position; write 1, 2, 3 …`);
      // Without a position a picture comes after the product's pictures so far.
      builder.image(product, row.line, "Image Src", src, positionText ? position : product.images.length + 1);
    }
  }

  const products = builder.finish();
  return { format: "shopify", rows: count, products, ignoredColumns: ignored, errors: errors.answer() };
}
