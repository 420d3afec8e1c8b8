import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductImportProgress, ProductImportResult } from "@shared/schemas/product-import.js";
import { queryRows } from "../../db/rows.js";
import { startPictureCdn, type PictureCdn } from "../../test/fakes/picture-cdn.js";
import { ManualClock } from "../../jobs/clock.js";
import { multipart } from "../../test/factory.js";
import { createTestApp, startAnotherServer, type TestContext } from "../../test/test-app.js";
import { SHOPIFY_HEADER, shopifyRow, shopifySample } from "./import-samples.test-support.js";

/** Issue 41: a shop moved in from Shopify's product CSV, imported again, exported and imported back. */
let t: TestContext;
let cdn: PictureCdn;
beforeAll(async () => {
  cdn = await startPictureCdn();
  t = await createTestApp({ productImport: { fetchAllow: `127.0.0.1:${cdn.port}`, pictureTimeoutMs: 2_000 } });
});
afterAll(async () => {
  await t.close();
  await cdn.close();
});

async function upload(
  app: TestContext["app"],
  text: string,
  fields: Record<string, string>,
  filename = "products.csv",
) {
  const form = await multipart(fields, [{ field: "file", filename, bytes: Buffer.from(text), type: "text/csv" }]);
  return app.inject({
    method: "POST",
    url: "/api/admin/products/import",
    headers: { ...form.headers, cookie: t.adminCookie },
    payload: form.payload,
  });
}

const importFile = (text: string, dryRun = false, format = "shopify") =>
  upload(t.app, text, { format, dryRun: String(dryRun) });

async function catalogue() {
  return queryRows<{ handle: string; name: string; status: string; category: string; price: string; images: string[] }>(
    t.db,
    sql`select handle, name, status, category, price::text as price, images from products order by handle`,
  );
}

async function variantsOf(handle: string) {
  return queryRows<{
    options: Record<string, string>;
    sku: string;
    price: string;
    original_price: string | null;
    quantity: number | null;
    image_id: string | null;
  }>(
    t.db,
    sql`select v.options, v.sku, v.price::text as price, v.original_price::text as original_price, s.quantity, v.image_id
        from product_variants v join products p on p.id = v.product_id left join product_stock s on s.variant_id = v.id
        where p.handle = ${handle} order by v.position`,
  );
}

const sample = () => shopifySample(cdn.url);

describe("POST /api/admin/products/import", () => {
  it("answers a dry run with what the import would do, writing nothing", async () => {
    const res = await importFile(sample(), true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dryRun: true,
      rows: 7,
      products: { created: 3, updated: 0, unchanged: 0 },
      variants: { created: 6, updated: 0, unchanged: 0 },
      images: { fetched: 6, failed: 0 },
      errors: [],
    });
    expect(await catalogue()).toEqual([]);
    expect(cdn.hits.size).toBe(0);
  });

  it("imports Shopify's sample into an empty store: handles, categories, statuses, options, variants, stock, pictures", async () => {
    const res = await importFile(sample());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dryRun: false,
      products: { created: 3, updated: 0, unchanged: 0 },
      variants: { created: 6, updated: 0, unchanged: 0 },
      images: { fetched: 6, failed: 0 },
      errors: [],
    });
    const products = await catalogue();
    expect(products.map((p) => [p.handle, p.name, p.status, p.category, p.price, p.images.length])).toEqual([
      ["chiffon-dupatta", "Chiffon Dupatta", "active", "accessories", "1800.00", 1],
      ["khaddar-shawl", "Khaddar Shawl", "draft", "accessories", "3200.00", 2],
      ["lawn-suit-3-piece", "Lawn Suit – 3 Piece", "active", "lawn-collection", "4990.00", 3],
    ]);
    const suit = await variantsOf("lawn-suit-3-piece");
    expect(suit.map((v) => [v.options, v.sku, v.price, v.original_price, v.quantity])).toEqual([
      [{ Make: "Unstitched", Size: "One Size" }, "LS3-U", "4990.00", "5990.00", 12],
      [{ Make: "Stitched", Size: "M" }, "LS3-S-M", "6490.00", null, 4],
      [{ Make: "Stitched", Size: "L" }, "LS3-S-L", "6490.00", null, 0],
    ]);
    expect(suit[1].image_id).toBe(suit[2].image_id);
    expect(suit[1].image_id).not.toBe(suit[0].image_id);
    const dupatta = await variantsOf("chiffon-dupatta");
    expect(dupatta).toMatchObject([{ options: {}, sku: "DUP-1", quantity: null }]);
    const categories = await queryRows<{ name: string }>(t.db, sql`select name from categories order by name`);
    expect(categories.map((c) => c.name)).toEqual(["Accessories", "Lawn Collection"]);
  });

  it("finds the same file unchanged the second time, fetching no picture again", async () => {
    const hits = [...cdn.hits.values()].reduce((a, b) => a + b, 0);
    const res = await importFile(sample());
    expect(res.json()).toMatchObject({
      products: { created: 0, updated: 0, unchanged: 3 },
      variants: { created: 0, updated: 0, unchanged: 6 },
      images: { fetched: 0, failed: 0 },
    });
    expect([...cdn.hits.values()].reduce((a, b) => a + b, 0)).toBe(hits);
  });

  for (const format of ["shopify", "store"] as const)
    it(`exports every product in the ${format} format, and the export imports back unchanged`, async () => {
      const exported = await t.app.inject({
        method: "GET",
        url: `/api/admin/products/export?format=${format}`,
        headers: { cookie: t.adminCookie },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers["content-disposition"]).toMatch(new RegExp(`attachment; filename="products-${format}-`));
      const res = await importFile(exported.body, false, format);
      expect(res.json()).toMatchObject({
        products: { created: 0, updated: 0, unchanged: 3 },
        variants: { created: 0, updated: 0, unchanged: 6 },
        images: { fetched: 0, failed: 0 },
        errors: [],
        ignoredColumns: [],
      });
    });

  it("changes a price edited in the export, and only that", async () => {
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/admin/products/export?format=store",
      headers: { cookie: t.adminCookie },
    });
    const edited = exported.body.replace(",LS3-S-L,6490,", ",LS3-S-L,6990,");
    const res = await importFile(edited, false, "store");
    expect(res.json()).toMatchObject({
      products: { updated: 1, unchanged: 2 },
      variants: { updated: 1, unchanged: 5 },
    });
    expect((await variantsOf("lawn-suit-3-piece")).map((v) => v.price)).toEqual(["4990.00", "6490.00", "6990.00"]);
  });

  it("keeps a variant matched by SKU whose options changed: its id and its stock stay, its options change", async () => {
    const ids = async () =>
      new Map(
        (
          await queryRows<{ id: number; sku: string; options: Record<string, string>; quantity: number | null }>(
            t.db,
            sql`select v.id, v.sku, v.options, s.quantity from product_variants v
                left join product_stock s on s.variant_id = v.id where v.sku like 'LS3-%'`,
          )
        ).map((v) => [v.sku, v]),
      );
    const before = await ids();
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/admin/products/export?format=store",
      headers: { cookie: t.adminCookie },
    });
    // M becomes XL, and L takes the M it leaves (a swap: each keeps its row).
    const edited = exported.body.replace(",M,,,LS3-S-M,", ",XL,,,LS3-S-M,").replace(",L,,,LS3-S-L,", ",M,,,LS3-S-L,");
    expect(edited).not.toBe(exported.body);
    const res = await importFile(edited, false, "store");
    expect(res.json()).toMatchObject({ products: { updated: 1 }, variants: { created: 0, updated: 2 }, errors: [] });
    const after = await ids();
    for (const sku of ["LS3-U", "LS3-S-M", "LS3-S-L"]) {
      expect(after.get(sku)?.id).toBe(before.get(sku)?.id);
      expect(after.get(sku)?.quantity).toBe(before.get(sku)?.quantity);
    }
    expect(after.get("LS3-S-M")?.options).toEqual({ Make: "Stitched", Size: "XL" });
    expect(after.get("LS3-S-L")?.options).toEqual({ Make: "Stitched", Size: "M" });
    // Back as it was, for the tests after this one.
    expect((await importFile(exported.body, false, "store")).json()).toMatchObject({ variants: { updated: 2 } });
    expect((await ids()).get("LS3-S-M")?.id).toBe(before.get("LS3-S-M")?.id);
  });

  it("keeps a product's first five pictures and names each one past them, by line, in the dry run", async () => {
    const text = [
      SHOPIFY_HEADER,
      shopifyRow({ Handle: "print-kurta", Title: "Print Kurta", Type: "Kurta", "Variant Price": "2500" }),
      ...Array.from({ length: 7 }, (_, i) =>
        shopifyRow({
          Handle: "print-kurta",
          "Image Src": `${cdn.url}/kurta-${i + 1}.png`,
          "Image Position": String(i + 1),
        }),
      ),
    ].join("\n");
    const dry = (await importFile(text, true)).json() as ProductImportResult;
    expect(dry.errors).toEqual([]);
    expect(dry.images.fetched).toBe(7);
    expect(dry.warnings).toEqual([
      { line: 8, column: "Image Src", message: expect.stringContaining(`${cdn.url}/kurta-6.png is left out`) },
      { line: 9, column: "Image Src", message: expect.stringContaining("more than 5 pictures") },
    ]);
    const res = (await importFile(text)).json() as ProductImportResult;
    expect(res.warnings).toHaveLength(2);
    expect((await catalogue()).find((p) => p.handle === "print-kurta")?.images).toHaveLength(5);
  });

  it("writes nothing when one row is bad, naming its line and column", async () => {
    const before = await catalogue();
    const text =
      sample().replace("DUP-1,,,,,,1800", "DUP-1,,,,,,eighteen hundred") +
      shopifyRow({ Handle: "new-one", Title: "New", "Variant Price": "100" });
    const res = await importFile(text);
    expect(res.statusCode).toBe(422);
    const body = res.json() as ProductImportResult & { error: string };
    expect(body.error).toMatch(/first on line 5\); nothing was imported/);
    expect(body.errors).toEqual([
      { line: 5, column: "Variant Price", message: expect.stringContaining("is not a price") },
    ]);
    expect(await catalogue()).toEqual(before);
  });

  it("imports the rest when a picture fails, and lists the picture", async () => {
    const text = [
      SHOPIFY_HEADER,
      shopifyRow({
        Handle: "silk-scarf",
        Tags: "occasion: Eid, Drape: Long",
        Title: "Silk Scarf",
        Type: "Accessories",
        "Variant Price": "900",
        "Image Src": `${cdn.url}/scarf.png`,
        "Image Position": "1",
      }),
      shopifyRow({ Handle: "silk-scarf", "Image Src": `${cdn.url}/missing.jpg`, "Image Position": "2" }),
    ].join("\n");
    const res = await importFile(text);
    expect(res.json()).toMatchObject({
      products: { created: 1 },
      images: { fetched: 1, failed: 1 },
      failedImages: [{ url: `${cdn.url}/missing.jpg`, message: expect.stringContaining("404") }],
    });
    expect((await catalogue()).find((p) => p.handle === "silk-scarf")?.images).toHaveLength(1);
    // Its tags are attributes: a value added to the owner's Occasion, a new attribute Drape.
    const [scarf] = await queryRows<{ attributes: unknown }>(
      t.db,
      sql`select attributes from products where handle = 'silk-scarf'`,
    );
    expect(scarf.attributes).toEqual({ Occasion: ["Eid"], Drape: ["Long"] });
    const lists = await queryRows<{ name: string; values: string[] }>(
      t.db,
      sql`select name, values from attributes where name in ('Occasion', 'Drape') order by name`,
    );
    expect(lists).toEqual([
      { name: "Drape", values: ["Long"] },
      { name: "Occasion", values: ["Casual", "Formal", "Festive", "Bridal", "Eid"] },
    ]);
  });

  it("refuses a file that is neither CSV nor XLSX, and one without a format", async () => {
    const png = await upload(t.app, "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", { format: "shopify" }, "products.csv");
    expect(png.statusCode).toBe(400);
    expect(png.json().error).toMatch(/not a CSV or an Excel/);
    const noFormat = await upload(t.app, sample(), {});
    expect(noFormat.statusCode).toBe(400);
    expect(noFormat.json().error).toMatch(/shopify or store/);
  });

  it("is the owner's alone", async () => {
    const form = await multipart({ format: "shopify" }, [
      { field: "file", filename: "p.csv", bytes: Buffer.from(sample()), type: "text/csv" },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/products/import",
      headers: form.headers,
      payload: form.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("a file over 1,000 rows", () => {
  const big = () =>
    [
      SHOPIFY_HEADER,
      ...Array.from({ length: 1_200 }, (_, i) =>
        shopifyRow({
          Handle: `bulk-${i}`,
          Title: `Bulk ${i}`,
          Type: "Bulk",
          "Variant SKU": `B-${i}`,
          "Variant Price": String(1000 + i),
          "Variant Inventory Qty": "3",
        }),
      ),
    ].join("\n");

  it("is imported in the background, resumed by another server after a restart, its progress readable", async () => {
    const res = await importFile(big());
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as { id: number };
    const progress = async (app = t.app) =>
      (
        await app.inject({
          method: "GET",
          url: `/api/admin/products/imports/${id}`,
          headers: { cookie: t.adminCookie },
        })
      ).json() as ProductImportProgress;
    expect(await progress()).toMatchObject({ state: "running", rows: 1_200, rowsDone: 0, result: null });
    // The server stops before running it; the next one takes the job over.
    const next = await startAnotherServer(t, { productImport: { fetchAllow: `127.0.0.1:${cdn.port}` } });
    try {
      await next.jobs.runDue();
      expect(await progress(next)).toMatchObject({
        state: "done",
        rowsDone: 1_200,
        result: { products: { created: 1_200 }, variants: { created: 1_200 }, errors: [] },
      });
    } finally {
      await next.close();
    }
    const [{ count }] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from products where category = 'bulk'`,
    );
    expect(count).toBe(1_200);
  });

  it("writes nothing when the store changed after the check (a SKU of the file taken meanwhile), saying why", async () => {
    const text = big()
      .replace(/bulk-/g, "late-")
      .replace(/B-(\d+)/g, "L-$1")
      .replace(/Bulk/g, "Late");
    const res = await importFile(text);
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as { id: number };
    // Meanwhile the owner gives one of the file's SKUs to another product.
    await t.db.execute(sql`update product_variants set sku = 'L-7' where sku = 'LS3-U'`);
    await t.app.jobs.runDue();
    const progress = (
      await t.app.inject({
        method: "GET",
        url: `/api/admin/products/imports/${id}`,
        headers: { cookie: t.adminCookie },
      })
    ).json() as ProductImportProgress;
    expect(progress.state).toBe("done");
    expect(progress.result?.errors).toEqual([
      { line: 9, column: "Variant SKU", message: expect.stringContaining('"lawn-suit-3-piece"') },
    ]);
    const [{ count }] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from products where category = 'late'`,
    );
    expect(count).toBe(0);
  });

  /** A real failure part way (the database refusing one product of the file, as a full disk would), until `stop`. */
  async function failOnProduct(handle: string) {
    await t.db.execute(
      sql.raw(`create or replace function test_import_fails() returns trigger language plpgsql as $$
        begin if new.handle = '${handle}' then raise exception 'the disk is full (test)'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger test_import_fails before insert on products for each row execute function test_import_fails()",
      ),
    );
    return async () => {
      await t.db.execute(sql.raw("drop trigger test_import_fails on products"));
      await t.db.execute(sql.raw("drop function test_import_fails()"));
    };
  }
  const laterServer = (hours: number) =>
    startAnotherServer(t, {
      productImport: { fetchAllow: `127.0.0.1:${cdn.port}` },
      clock: new ManualClock(new Date(Date.now() + hours * 3_600_000)),
    });
  const countOf = async (prefix: string) =>
    (
      await queryRows<{ products: number; variants: number; stock: number }>(
        t.db,
        sql`select count(distinct p.id)::int as products, count(v.id)::int as variants,
              coalesce(sum(s.quantity), 0)::int as stock
            from products p join product_variants v on v.product_id = p.id
            left join product_stock s on s.variant_id = v.id where p.handle like ${prefix + "%"}`,
      )
    )[0];
  const progressOf = async (id: number, app = t.app) =>
    (
      await app.inject({ method: "GET", url: `/api/admin/products/imports/${id}`, headers: { cookie: t.adminCookie } })
    ).json() as ProductImportProgress;

  it("stopped part way (some chunks written), resumes on another server and ends as an uninterrupted import", async () => {
    const stop = await failOnProduct("mid-700");
    const res = await importFile(
      big()
        .replace(/bulk-/g, "mid-")
        .replace(/B-(\d+)/g, "M-$1"),
    );
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as { id: number };
    await t.app.jobs.runDue();
    // The chunks before the failure are written; the import still runs, its job due again.
    const stopped = await progressOf(id);
    expect(stopped).toMatchObject({ state: "running", rows: 1_200, result: null });
    expect(stopped.rowsDone).toBeGreaterThan(0);
    expect(stopped.rowsDone).toBeLessThan(1_200);
    expect((await countOf("mid-")).products).toBe(700);
    await stop();

    const next = await laterServer(1);
    try {
      await next.jobs.runDue();
      expect(await progressOf(id, next)).toMatchObject({
        state: "done",
        rowsDone: 1_200,
        result: { products: { created: 1_200 }, variants: { created: 1_200 }, errors: [] },
      });
    } finally {
      await next.close();
    }
    // As the uninterrupted import of the same rows left its products.
    expect(await countOf("mid-")).toEqual(await countOf("bulk-"));
    expect(await countOf("mid-")).toEqual({ products: 1_200, variants: 1_200, stock: 3_600 });
  });

  it("failing part way on every attempt, is reported failed, saying how far it got and what to do", async () => {
    const stop = await failOnProduct("end-300");
    try {
      const res = await importFile(
        big()
          .replace(/bulk-/g, "end-")
          .replace(/B-(\d+)/g, "E-$1"),
      );
      const { id } = res.json() as { id: number };
      await t.app.jobs.runDue();
      for (const hours of [1, 3]) {
        const next = await laterServer(hours);
        await next.jobs.runDue();
        await next.close();
      }
      const failed = await progressOf(id);
      expect(failed).toMatchObject({ state: "failed", result: null });
      expect(failed.error).toMatch(/^The import stopped after 30\d of 1,200 rows \(.*the disk is full/);
      expect(failed.error).toMatch(/import the same file again to finish it/);
      expect((await countOf("end-")).products).toBe(300);
    } finally {
      await stop();
    }
  });

  it("answers 404 for an import that does not exist", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/products/imports/999999",
      headers: { cookie: t.adminCookie },
    });
    expect(res.statusCode).toBe(404);
  });
});
