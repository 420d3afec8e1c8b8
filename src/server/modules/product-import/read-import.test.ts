import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopifyRow, shopifySample, SHOPIFY_HEADER } from "./import-samples.test-support.js";
import { readImportFile } from "./read-import.js";

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "product-import-read-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(content: string | Buffer, ext = "csv"): Promise<string> {
  const path = join(dir, `f${++n}.${ext}`);
  await writeFile(path, content);
  return path;
}

const CDN = "https://cdn.example.com/files";

describe("reading Shopify's product CSV", () => {
  it("groups rows by handle into products with options, variants, pictures, attributes and status", async () => {
    const catalogue = await readImportFile(await file(shopifySample(CDN)), "csv", "shopify");
    expect(catalogue.errors).toEqual([]);
    expect(catalogue.rows).toBe(7);
    expect(catalogue.products.map((p) => p.handle)).toEqual(["lawn-suit-3-piece", "chiffon-dupatta", "khaddar-shawl"]);
    const [suit, dupatta, shawl] = catalogue.products;
    expect(suit).toMatchObject({
      title: "Lawn Suit – 3 Piece",
      category: "Lawn Collection",
      status: "active",
      attributes: { Fabric: ["Lawn"], Season: ["Summer"] },
      options: [
        { name: "Make", values: ["Unstitched", "Stitched"] },
        { name: "Size", values: ["One Size", "M", "L"] },
      ],
    });
    expect(suit.variants.map((v) => [v.options, v.sku, v.price, v.compareAtPrice, v.inventory])).toEqual([
      [{ Make: "Unstitched", Size: "One Size" }, "LS3-U", "4990.00", "5990.00", 12],
      [{ Make: "Stitched", Size: "M" }, "LS3-S-M", "6490.00", null, 4],
      [{ Make: "Stitched", Size: "L" }, "LS3-S-L", "6490.00", null, 0],
    ]);
    expect(suit.images.map((i) => i.url)).toEqual([
      `${CDN}/suit-front.jpg`,
      `${CDN}/suit-back.jpg`,
      `${CDN}/suit-stitched.jpg`,
    ]);
    expect(suit.variants[1].imageUrl).toBe(`${CDN}/suit-stitched.jpg`);
    expect(dupatta.options).toEqual([]);
    expect(dupatta.variants).toHaveLength(1);
    expect(dupatta.variants[0].options).toEqual({});
    expect(shawl.status).toBe("draft");
    expect(shawl.options).toEqual([{ name: "Color", values: ["Maroon", "Black"] }]);
    expect(shawl.variants[1].inventory).toBe(0);
    expect(shawl.images.map((i) => i.url)).toEqual([`${CDN}/shawl.jpg`, `${CDN}/shawl-detail.jpg`]);
  });

  it("names the columns it does not use once each", async () => {
    const catalogue = await readImportFile(await file(shopifySample(CDN)), "csv", "shopify");
    expect(catalogue.ignoredColumns).toEqual([
      "Product Category",
      "Variant Grams",
      "Variant Inventory Tracker",
      "Variant Inventory Policy",
      "Variant Fulfillment Service",
      "Variant Requires Shipping",
      "Variant Taxable",
      "Variant Barcode",
      "Image Alt Text",
      "Gift Card",
      "SEO Title",
      "SEO Description",
      "Variant Weight Unit",
      "Variant Tax Code",
      "Cost per item",
    ]);
  });

  it("reads a CSV saved by Excel in Windows-1252 and one in UTF-8 with a BOM alike", async () => {
    const text = [
      SHOPIFY_HEADER,
      shopifyRow({ Handle: "eid-edit", Title: "Eid “Edit” – Café", "Variant Price": "2500" }),
    ].join("\r\n");
    const cp1252 = Buffer.from(
      text.replace(/[“”–]/g, (c) => ({ "“": "\x93", "”": "\x94", "–": "\x96" })[c]!),
      "latin1",
    );
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
    for (const bytes of [cp1252, bom]) {
      const catalogue = await readImportFile(await file(bytes), "csv", "shopify");
      expect(catalogue.errors).toEqual([]);
      expect(catalogue.products[0].title).toBe("Eid “Edit” – Café");
    }
  });

  it("reads the same rows from an XLSX", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Products");
    for (const line of shopifySample(CDN).trim().split("\r\n"))
      sheet.addRow(
        line
          .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
          .slice(0, SHOPIFY_HEADER.split(",").length)
          .map(unquote),
      );
    const path = join(dir, `book${++n}.xlsx`);
    await book.xlsx.writeFile(path);
    const fromXlsx = await readImportFile(path, "xlsx", "shopify");
    const fromCsv = await readImportFile(await file(shopifySample(CDN)), "csv", "shopify");
    expect(fromXlsx.errors).toEqual([]);
    expect(fromXlsx.products).toEqual(fromCsv.products);
  });

  it("names the line and column of every bad cell", async () => {
    const text = [
      SHOPIFY_HEADER,
      shopifyRow({
        Handle: "a",
        Title: "A",
        "Option1 Name": "Size",
        "Option1 Value": "M",
        "Variant Price": "Rs. 1,200",
      }),
      shopifyRow({ Handle: "a", "Option1 Value": "L", "Variant Price": "twelve hundred", "Variant SKU": "X1" }),
      shopifyRow({ Handle: "a", "Option1 Value": "M", "Variant Price": "1200" }),
      shopifyRow({
        Handle: "b",
        Title: "B",
        "Variant Price": "900",
        "Variant SKU": "x1",
        "Image Src": "file:///etc/passwd",
      }),
      shopifyRow({ Handle: "Bad Handle!", Title: "C", "Variant Price": "900" }),
      shopifyRow({ Handle: "d", Title: "D", "Variant Price": "900", Status: "live", "Variant Inventory Qty": "3.5" }),
      shopifyRow({ Handle: "a", Title: "Another A", "Variant Price": "900" }),
    ].join("\n");
    const catalogue = await readImportFile(await file(text), "csv", "shopify");
    expect(catalogue.products[0].variants[0].price).toBe("1200.00");
    expect(catalogue.errors).toEqual([
      { line: 3, column: "Variant Price", message: expect.stringContaining('"twelve hundred" is not a price') },
      { line: 4, column: "Option1 Value", message: expect.stringContaining("Line 2 is already this variant (M)") },
      { line: 5, column: "Variant SKU", message: expect.stringContaining('The SKU "x1" is already on line 3') },
      { line: 5, column: "Image Src", message: expect.stringContaining("http(s) only") },
      { line: 6, column: "Handle", message: expect.stringContaining("is not a handle") },
      { line: 7, column: "Status", message: expect.stringContaining('"live" is not a status') },
      { line: 7, column: "Variant Inventory Qty", message: expect.stringContaining("not a number of units") },
      { line: 8, column: "Handle", message: expect.stringContaining('The handle "a" is already "A" on line 2') },
    ]);
  });

  it("refuses a file without a required column, naming it", async () => {
    const catalogue = await readImportFile(await file("Handle,Title\nx,X\n"), "csv", "shopify");
    expect(catalogue.errors).toEqual([
      { line: 1, column: "Variant Price", message: expect.stringContaining('The column "Variant Price" is missing') },
    ]);
  });

  it("refuses more than 50,000 rows, saying the limit", async () => {
    const rows = Array.from({ length: 50_001 }, (_, i) => `p${i},P,1`);
    const path = await file(["Handle,Title,Variant Price", ...rows].join("\n"));
    await expect(readImportFile(path, "csv", "shopify")).rejects.toThrow(/more than 50,000 rows/);
  });
});

describe("reading the store's own product file", () => {
  it("reads the README's example file without an error", async () => {
    const example = join(import.meta.dirname, "../../../../docs/examples/products-store.csv");
    const catalogue = await readImportFile(example, "csv", "store");
    expect(catalogue.errors).toEqual([]);
    expect(catalogue.products.map((p) => [p.handle, p.variants.length, p.images.length])).toEqual([
      ["lawn-suit-3-piece", 3, 3],
      ["chiffon-dupatta", 1, 1],
      ["khaddar-shawl", 2, 2],
    ]);
  });

  it("reads one row per variant with the product's columns on its first row", async () => {
    const text = [
      "Handle,Name,Description,Category,Status,Featured,Attributes,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,Price,Original Price,Stock,Variant Image,Images",
      `lawn-suit,Lawn Suit,Soft,Formal,active,yes,"Fabric: Lawn; Season: Summer, All season",Size,M,Color,Red,,,LS-M-R,2500,3000,5,,${CDN}/a.jpg ${CDN}/b.jpg`,
      `lawn-suit,,,,,,,,M,,Blue,,,LS-M-B,2500,,0,${CDN}/b.jpg,`,
    ].join("\n");
    const catalogue = await readImportFile(await file(text), "csv", "store");
    expect(catalogue.errors).toEqual([]);
    expect(catalogue.products[0]).toMatchObject({
      handle: "lawn-suit",
      featured: true,
      attributes: { Fabric: ["Lawn"], Season: ["Summer", "All season"] },
      options: [
        { name: "Size", values: ["M"] },
        { name: "Color", values: ["Red", "Blue"] },
      ],
      images: [{ url: `${CDN}/a.jpg` }, { url: `${CDN}/b.jpg` }],
    });
    expect(catalogue.products[0].variants[1]).toMatchObject({ sku: "LS-M-B", inventory: 0, imageUrl: `${CDN}/b.jpg` });
  });
});

function unquote(cell: string): string {
  const v = cell.replace(/,$/, "");
  return v.startsWith('"') ? v.slice(1, -1).replace(/""/g, '"') : v;
}
