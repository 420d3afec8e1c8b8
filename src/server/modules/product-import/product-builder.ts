import { HANDLE_MAX } from "@shared/catalogue/handles.js";
import type { ImportedProduct, ImportedVariant, ProductStatus } from "./catalogue-model.js";
import type { ImportErrors } from "./import-errors.js";
import { MAX_OPTIONS } from "./import-limits.js";
import { isHandle, moneyOf, optionName, pictureUrlError, quantityOf } from "./import-values.js";

/** A variant row's cells, with the column each came from (for the errors). */
export interface VariantCells {
  line: number;
  values: string[];
  valueColumns: string[];
  sku: { text: string; column: string };
  price: { text: string; column: string };
  compareAt: { text: string; column: string };
  inventory: { text: string; column: string };
  image: { text: string; column: string };
}

export interface ProductCells {
  line: number;
  handle: { text: string; column: string };
  title: string;
  description: string;
  category: string;
  attributes: Record<string, string[]>;
  status: ProductStatus;
  featured: boolean;
  optionNames: { text: string; column: string }[];
}

const MAX_VALUE_CHARS = 50;
const label = (options: Record<string, string>) => Object.values(options).join(" / ") || "the only variant";

/**
 * Builds the products of one file from its rows, checking what concerns more than one cell: a
 * handle used twice, options named twice, a variant claimed by two rows, a SKU on two variants.
 * Both formats feed it (rows grouped by handle: a later row of a handle adds variants or pictures).
 */
export class ProductBuilder {
  readonly products = new Map<string, ImportedProduct>();
  private readonly variantLines = new Map<ImportedProduct, Map<string, number>>();
  private readonly skuLines = new Map<string, number>();

  constructor(private readonly errors: ImportErrors) {}

  /** The product a row belongs to, started when its handle is new; null when the handle is not usable. */
  product(cells: ProductCells): ImportedProduct | null {
    const { errors } = this;
    const handle = cells.handle.text.toLowerCase();
    if (!isHandle(handle)) {
      errors.add(
        cells.line,
        cells.handle.column,
        `"${cells.handle.text.slice(0, 80)}" is not a handle: use at most ${HANDLE_MAX} lowercase letters, digits and single dashes (like lawn-suit-3-piece)`,
      );
      return null;
    }
    const known = this.products.get(handle);
    // A later row of a handle adds variants or pictures; one with another title is another product.
    if (known && cells.title && cells.title.slice(0, 200) !== known.title) {
      errors.add(
        cells.line,
        cells.handle.column,
        `The handle "${handle}" is already "${known.title}" on line ${known.line}; give this product its own handle`,
      );
      return null;
    }
    if (known) return known;
    if (!cells.title) errors.add(cells.line, "Title", "A product's first row needs its title");
    const names: string[] = [];
    for (const { text, column } of cells.optionNames) {
      if (!text) continue;
      const name = optionName(text);
      if (names.some((n) => n.toLowerCase() === name.toLowerCase()))
        errors.add(cells.line, column, `The option "${name}" is named twice; name each option once`);
      else names.push(name);
    }
    if (names.length > MAX_OPTIONS) errors.add(cells.line, "", `A product has at most ${MAX_OPTIONS} options`);
    const product: ImportedProduct = {
      line: cells.line,
      handle,
      title: cells.title.slice(0, 200),
      description: cells.description,
      category: cells.category.slice(0, 100),
      attributes: cells.attributes,
      status: cells.status,
      featured: cells.featured,
      options: names.map((name) => ({ name, values: [] })),
      variants: [],
      images: [],
    };
    this.products.set(handle, product);
    this.variantLines.set(product, new Map());
    return product;
  }

  variant(product: ImportedProduct, cells: VariantCells): void {
    const { errors } = this;
    const options: Record<string, string> = {};
    product.options.forEach((option, i) => {
      const value = cells.values[i] ?? "";
      const column = cells.valueColumns[i];
      if (!value) errors.add(cells.line, column, `Give this variant's ${option.name}`);
      else if (value.length > MAX_VALUE_CHARS)
        errors.add(cells.line, column, `An option's value has at most ${MAX_VALUE_CHARS} characters`);
      options[option.name] = value;
      if (value && !option.values.includes(value)) option.values.push(value);
    });
    const key = JSON.stringify(product.options.map((o) => options[o.name]));
    const claimed = this.variantLines.get(product)!;
    const earlier = claimed.get(key);
    if (earlier !== undefined) {
      errors.add(
        cells.line,
        cells.valueColumns[0] ?? "",
        `Line ${earlier} is already this variant (${label(options)}); give each variant one row`,
      );
      return;
    }
    claimed.set(key, cells.line);
    const price = moneyOf(cells.price.text);
    if (price === null)
      errors.add(
        cells.line,
        cells.price.column,
        cells.price.text
          ? `"${cells.price.text.slice(0, 40)}" is not a price; write the amount in rupees, like 2500`
          : "Give this variant's price in rupees, like 2500",
      );
    let compareAt: string | null = null;
    if (cells.compareAt.text) {
      compareAt = moneyOf(cells.compareAt.text);
      if (compareAt === null)
        errors.add(
          cells.line,
          cells.compareAt.column,
          `"${cells.compareAt.text.slice(0, 40)}" is not a price; write the amount in rupees, like 2500, or leave it empty`,
        );
      // A compare-at price at or under the price is no discount: the store shows none.
      else if (price !== null && Number(compareAt) <= Number(price)) compareAt = null;
    }
    let inventory: number | null = null;
    if (cells.inventory.text) {
      inventory = quantityOf(cells.inventory.text);
      if (inventory === null)
        errors.add(
          cells.line,
          cells.inventory.column,
          `"${cells.inventory.text.slice(0, 40)}" is not a number of units; write a whole number, or leave it empty`,
        );
    }
    const sku = cells.sku.text.slice(0, 100) || null;
    if (sku) {
      const other = this.skuLines.get(sku.toLowerCase());
      if (other !== undefined)
        errors.add(
          cells.line,
          cells.sku.column,
          `The SKU "${sku}" is already on line ${other}; give each variant its own SKU`,
        );
      else this.skuLines.set(sku.toLowerCase(), cells.line);
    }
    const imageUrl = cells.image.text || null;
    if (imageUrl) this.checkUrl(cells.line, cells.image.column, imageUrl);
    const variant: ImportedVariant = {
      line: cells.line,
      options,
      sku,
      price: price ?? "0.00",
      compareAtPrice: compareAt,
      inventory,
      imageUrl,
    };
    product.variants.push(variant);
  }

  image(product: ImportedProduct, line: number, column: string, url: string, position: number): void {
    if (!this.checkUrl(line, column, url)) return;
    if (product.images.some((i) => i.url === url)) return;
    product.images.push({ line, url, position });
  }

  private checkUrl(line: number, column: string, url: string): boolean {
    const problem = pictureUrlError(url);
    if (problem) this.errors.add(line, column, problem);
    return problem === null;
  }

  /** The products, each picture list in its order (by position, then as the file had them). */
  finish(): ImportedProduct[] {
    const list = [...this.products.values()];
    for (const product of list) {
      product.images.sort((a, b) => a.position - b.position);
      if (product.variants.length === 0)
        this.errors.add(product.line, "", `The product "${product.handle}" has no variant row; give it at least one`);
    }
    return list;
  }
}
