import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertProduct, productData, sendProduct } from "../test/factory.js";
import { createTestApp, type TestContext } from "../test/test-app.js";
import { CatalogueCache } from "./catalogue-cache.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
  await insertProduct(t.db, { name: "Printed Lawn Suit" });
});
afterAll(() => t.close());

const names = (body: Buffer | string) => (JSON.parse(String(body)) as { name: string }[]).map((p) => p.name);

describe("catalogue cache", () => {
  it("serves the same body compressed as brotli or gzip, or plain, with one ETag", async () => {
    const plain = await t.app.inject({ url: "/api/products" });
    const br = await t.app.inject({ url: "/api/products", headers: { "accept-encoding": "br, gzip" } });
    const gz = await t.app.inject({ url: "/api/products", headers: { "accept-encoding": "gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
    expect(br.headers.vary).toBe("Accept-Encoding");
  });

  it("answers If-None-Match with 304 and no body", async () => {
    const first = await t.app.inject({ url: "/api/categories" });
    const again = await t.app.inject({
      url: "/api/categories",
      headers: { "if-none-match": first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("treats query parameters in any order as one entry", async () => {
    await t.app.inject({ url: "/api/products?sizes=M&category=casual" });
    const size = t.app.catalogueCache.size;
    await t.app.inject({ url: "/api/products?category=casual&sizes=M" });
    expect(t.app.catalogueCache.size).toBe(size);
  });

  it("forgets every entry when the admin changes the catalogue, so the next read is fresh", async () => {
    expect(names((await t.app.inject({ url: "/api/products" })).body)).toEqual(["Printed Lawn Suit"]);
    const created = await sendProduct(t, "POST", "/api/products", {
      productData: JSON.stringify(productData({ name: "Chiffon Frock" })),
    });
    expect(created.statusCode).toBe(201);
    expect(names((await t.app.inject({ url: "/api/products" })).body)).toContain("Chiffon Frock");
  });

  it("keeps nothing from a refused write and caches no error", async () => {
    const before = t.app.catalogueCache.generation;
    const refused = await t.app.inject({ method: "POST", url: "/api/categories", payload: { name: "X", slug: "x" } });
    expect(refused.statusCode).toBe(401);
    expect(t.app.catalogueCache.generation).toBe(before);
    const missing = await t.app.inject({ url: "/api/products/999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("no-store");
  });
});

describe("catalogue cache bounds", () => {
  it("keeps one entry for a stream of made-up query parameters", async () => {
    t.app.catalogueCache.invalidate();
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({ url: `/api/products?utm_source=x${i}&junk${i}=1` });
      expect(res.statusCode).toBe(200);
    }
    expect(t.app.catalogueCache.size).toBe(1);
    await t.app.inject({ url: "/api/products?sort=newest&fbclid=abc" });
    expect(t.app.catalogueCache.size).toBe(2);
  });

  it("never holds more bytes than its budget", () => {
    const cache = new CatalogueCache(100_000);
    const entry = () => ({
      fresh: null,
      etag: "x",
      contentType: "application/json",
      identity: Buffer.alloc(10_000),
      gzip: Buffer.alloc(2_000),
      br: Buffer.alloc(1_000),
      storedAt: Date.now(),
    });
    for (let i = 0; i < 50; i++) cache.set(`/api/products?q=${i}`, entry());
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBe(7);
    expect(cache.get("/api/products?q=49")).toBeDefined();
  });
});
