import type { ImportFormat } from "./catalogue-model.js";
import { SHOPIFY_COLUMNS } from "./shopify-format.js";
import { STORE_COLUMNS } from "./store-format.js";
import type { StoredProduct } from "./stored-catalogue.js";

type Row = Record<string, string>;

/** An image's address in an export: absolute, so Shopify (or this store again) can fetch it. */
const pictureUrl = (origin: string, id: string) => `${origin}/api/images/${id}`;
const amount = (value: string | null) => (value === null ? "" : String(Number(value)));

export const exportColumns = (format: ImportFormat): readonly string[] =>
  format === "shopify" ? SHOPIFY_COLUMNS : STORE_COLUMNS;

/**
 * A product's rows in a format, as the import reads them back (the round trip): Shopify's with
 * the product's fields on its first row, a variant per row and any further pictures on rows of
 * their own; the store's with a variant per row and the pictures in one cell.
 */
export function exportRows(product: StoredProduct, format: ImportFormat, origin: string): Row[] {
  return format === "shopify" ? shopifyRows(product, origin) : storeRows(product, origin);
}

function optionCells(product: StoredProduct, values: Record<string, string>, first: boolean): Row {
  const row: Row = {};
  product.options.forEach((option, i) => {
    if (first) row[`Option${i + 1} Name`] = option.name;
    row[`Option${i + 1} Value`] = values[option.name] ?? "";
  });
  return row;
}

function shopifyRows(product: StoredProduct, origin: string): Row[] {
  const tags = Object.entries(product.attributes).flatMap(([name, values]) => values.map((v) => `${name}: ${v}`));
  const rows: Row[] = product.variants.map((variant, i) => ({
    Handle: product.handle,
    ...(i === 0
      ? {
          Title: product.title,
          "Body (HTML)": product.description,
          Type: product.category,
          Tags: tags.join(", "),
          Published: product.status === "active" ? "TRUE" : "FALSE",
          Status: product.status,
        }
      : {}),
    ...(product.options.length === 0
      ? { "Option1 Name": i === 0 ? "Title" : "", "Option1 Value": "Default Title" }
      : optionCells(product, variant.options, i === 0)),
    "Variant SKU": variant.sku ?? "",
    "Variant Inventory Qty": variant.stock === null ? "" : String(variant.stock),
    "Variant Price": amount(variant.price),
    "Variant Compare At Price": amount(variant.compareAtPrice),
    "Variant Image": variant.imageId ? pictureUrl(origin, variant.imageId) : "",
  }));
  product.imageIds.forEach((id, i) => {
    const picture = { "Image Src": pictureUrl(origin, id), "Image Position": String(i + 1) };
    if (i < rows.length) Object.assign(rows[i], picture);
    else rows.push({ Handle: product.handle, ...picture });
  });
  return rows;
}

function storeRows(product: StoredProduct, origin: string): Row[] {
  const attributes = Object.entries(product.attributes)
    .map(([name, values]) => `${name}: ${values.join(", ")}`)
    .join("; ");
  return product.variants.map((variant, i) => ({
    Handle: product.handle,
    ...(i === 0
      ? {
          Name: product.title,
          Description: product.description,
          Category: product.category,
          Status: product.status,
          Featured: product.featured ? "yes" : "no",
          Attributes: attributes,
          Images: product.imageIds.map((id) => pictureUrl(origin, id)).join(" "),
        }
      : {}),
    ...optionCells(product, variant.options, i === 0),
    SKU: variant.sku ?? "",
    Price: amount(variant.price),
    "Original Price": amount(variant.compareAtPrice),
    Stock: variant.stock === null ? "" : String(variant.stock),
    "Variant Image": variant.imageId ? pictureUrl(origin, variant.imageId) : "",
  }));
}
