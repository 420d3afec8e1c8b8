import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLine } from "../reports/index.js";
import type { ImportedCatalogue, ImportFormat } from "./catalogue-model.js";
import { exportColumns, exportRows } from "./export-rows.js";
import { shopifySample } from "./import-samples.test-support.js";
import { planImport } from "./plan.js";
import { readImportFile } from "./read-import.js";
import type { StoredProduct } from "./stored-catalogue.js";

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "product-import-plan-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const CDN = "https://cdn.example.com";
const ORIGIN = "https://shop.example.pk";

async function read(text: string, format: ImportFormat): Promise<ImportedCatalogue> {
  const path = join(dir, `f${++n}.csv`);
  await writeFile(path, text);
  return readImportFile(path, "csv", format);
}

/** What the store would hold after importing `catalogue`: pictures as ids (a hash of the address), variants numbered. */
function storedAfter(catalogue: ImportedCatalogue, ids: Map<string, string>): Map<string, StoredProduct> {
  const plan = planImport(
    { catalogue, stored: new Map(), skuOwners: new Map(), pictures: ids, dryRun: false },
    catalogue.format,
  );
  let variantId = 0;
  return new Map(
    plan.products.map((p, i) => [
      p.imported.handle,
      {
        id: i + 1,
        handle: p.imported.handle,
        title: p.imported.title,
        description: p.imported.description,
        category: p.imported.category,
        attributes: p.imported.attributes,
        status: p.imported.status,
        featured: p.imported.featured,
        options: p.imported.options,
        imageIds: p.imageIds,
        variants: p.variants.map((v) => ({
          id: ++variantId,
          options: v.imported.options,
          sku: v.imported.sku,
          price: v.imported.price,
          compareAtPrice: v.imported.compareAtPrice,
          stock: p.countsStock ? (v.imported.inventory ?? 0) : null,
          imageId: v.imageId,
        })),
      },
    ]),
  );
}

function pictureIds(catalogue: ImportedCatalogue): Map<string, string> {
  const ids = new Map<string, string>();
  let k = 0;
  for (const p of catalogue.products)
    for (const url of [...p.images.map((i) => i.url), ...p.variants.flatMap((v) => v.imageUrl ?? [])])
      if (!ids.has(url)) ids.set(url, `00000000-0000-4000-8000-${String(++k).padStart(12, "0")}`);
  return ids;
}

function exportFile(stored: Iterable<StoredProduct>, format: ImportFormat): string {
  const columns = exportColumns(format);
  let text = csvLine([...columns]);
  for (const product of stored)
    for (const row of exportRows(product, format, ORIGIN)) text += csvLine(columns.map((c) => row[c] ?? ""));
  return text;
}

describe("the import's plan", () => {
  it("counts every product and variant as created in an empty store, and a dry run counts the same", async () => {
    const catalogue = await read(shopifySample(CDN), "shopify");
    for (const dryRun of [true, false]) {
      const plan = planImport(
        {
          catalogue,
          stored: new Map(),
          skuOwners: new Map(),
          pictures: dryRun ? new Map() : pictureIds(catalogue),
          dryRun,
        },
        "shopify",
      );
      expect(plan.counts).toEqual({
        products: { created: 3, updated: 0, unchanged: 0 },
        variants: { created: 6, updated: 0, unchanged: 0 },
      });
    }
  });

  it("finds the same file unchanged once imported, and a changed price as one variant updated", async () => {
    const catalogue = await read(shopifySample(CDN), "shopify");
    const ids = pictureIds(catalogue);
    const stored = storedAfter(catalogue, ids);
    const again = planImport({ catalogue, stored, skuOwners: new Map(), pictures: ids, dryRun: false }, "shopify");
    expect(again.counts).toEqual({
      products: { created: 0, updated: 0, unchanged: 3 },
      variants: { created: 0, updated: 0, unchanged: 6 },
    });
    const edited = await read(shopifySample(CDN).replace("LS3-S-L,,,0,,,6490.00", "LS3-S-L,,,0,,,6990.00"), "shopify");
    const plan = planImport(
      { catalogue: edited, stored, skuOwners: new Map(), pictures: ids, dryRun: false },
      "shopify",
    );
    expect(plan.counts.variants).toEqual({ created: 0, updated: 1, unchanged: 5 });
    expect(plan.counts.products).toEqual({ created: 0, updated: 1, unchanged: 2 });
  });

  it("refuses a SKU another product of the store already has, naming the line", async () => {
    const catalogue = await read(shopifySample(CDN), "shopify");
    const plan = planImport(
      {
        catalogue,
        stored: new Map(),
        skuOwners: new Map([["dup-1", "silk-scarf"]]),
        pictures: new Map(),
        dryRun: true,
      },
      "shopify",
    );
    expect(plan.errors.list).toEqual([
      { line: 5, column: "Variant SKU", message: expect.stringContaining(`"silk-scarf"`) },
    ]);
  });

  for (const format of ["shopify", "store"] as const)
    it(`exports in the ${format} format a file that imports back unchanged`, async () => {
      const catalogue = await read(shopifySample(CDN), "shopify");
      const stored = storedAfter(catalogue, pictureIds(catalogue));
      const exported = await read(exportFile(stored.values(), format), format);
      expect(exported.errors).toEqual([]);
      expect(exported.ignoredColumns).toEqual([]);
      const own = new Map<string, string>();
      for (const p of stored.values()) for (const id of p.imageIds) own.set(`${ORIGIN}/api/images/${id}`, id);
      const plan = planImport(
        { catalogue: exported, stored, skuOwners: new Map(), pictures: own, dryRun: false },
        format,
      );
      expect(plan.counts).toEqual({
        products: { created: 0, updated: 0, unchanged: 3 },
        variants: { created: 0, updated: 0, unchanged: 6 },
      });
    });
});
