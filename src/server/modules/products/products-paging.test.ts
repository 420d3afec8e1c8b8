import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product, ProductPage } from "@shared/schemas/products.js";
import { cacheKey } from "../../plugins/catalogue-cache.js";
import { insertCategory } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

const COUNT = 250;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  for (const slug of ["formal", "casual"]) await insertCategory(t.db, slug);
  // 250 products: the newest are the dearest, so the 200 newest never hold the cheapest one.
  // Every third is formal; prices Rs. 1,010 … Rs. 3,500 rising with age.
  await t.db.execute(sql`
    insert into products (name, sku, description, price, category, sizes, colors, created_at)
    select 'Paged Suit ' || g, 'PG-' || g, 'A paged product', 1000 + g * 10,
           case when g % 3 = 0 then 'formal' else 'casual' end, array['M'], array['Red'],
           timestamptz '2025-01-01' + g * interval '1 hour'
    from generate_series(1, ${COUNT}) as g`);
  await t.db.execute(sql`update products set price = 999 where name = 'Paged Suit 1'`);
  t.app.catalogueCache.invalidate();
});
afterAll(() => t.close());

const page = async (query: string) => {
  const res = await t.app.inject({ url: `/api/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductPage>();
};

describe("GET /api/products on a catalogue larger than one answer", () => {
  it("keeps the bare list of at most 200 for callers that ask for no page", async () => {
    const res = await t.app.inject({ url: "/api/products" });
    const list = res.json<Product[]>();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(200);
    expect(list[0].name).toBe(`Paged Suit ${COUNT}`);
  });

  it("finds the cheapest product first with Price: Low to High, although it is the oldest", async () => {
    const first = await page("page=1&sort=price-asc");
    expect(first.total).toBe(COUNT);
    expect(first.pageSize).toBe(24);
    expect(first.pageCount).toBe(Math.ceil(COUNT / 24));
    expect(first.products[0]).toMatchObject({ name: "Paged Suit 1", price: "999.00" });
    const prices = first.products.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("reaches every product exactly once across the pages, in order", async () => {
    const seen: Product[] = [];
    const first = await page("page=1&pageSize=100&sort=price-desc");
    for (let n = 1; n <= first.pageCount; n++)
      seen.push(...(await page(`page=${n}&pageSize=100&sort=price-desc`)).products);
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen.map((p) => p.id)).size).toBe(COUNT);
    const prices = seen.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("counts every match of a filter, not just the page", async () => {
    const formal = await page("page=2&pageSize=10&category=formal");
    expect(formal.total).toBe(Math.floor(COUNT / 3));
    expect(formal.products).toHaveLength(10);
    expect(formal.products.every((p) => p.category === "formal")).toBe(true);
    const search = await page("page=1&q=Paged%20Suit%2012");
    // 12, 120–129
    expect(search.total).toBe(11);
  });

  it("answers a page past the end with no products and the true count", async () => {
    const past = await page("page=99&pageSize=24");
    expect(past.products).toEqual([]);
    expect(past.total).toBe(COUNT);
    const none = await page("page=1&q=nothing-matches-this");
    expect(none).toMatchObject({ products: [], total: 0, pageCount: 1 });
  });

  it("refuses a page size over 100 with a message naming the field", async () => {
    const res = await t.app.inject({ url: "/api/products?page=1&pageSize=1000" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty("pageSize");
  });

  it("caches pages under their canonical parameters only", async () => {
    expect(cacheKey("/api/products?sort=price-asc&page=2&utm_source=wa&category=")).toBe(
      "/api/products?page=2&sort=price-asc",
    );
    t.app.catalogueCache.invalidate();
    const before = t.app.catalogueCache.size;
    for (let i = 0; i < 5; i++) await t.app.inject({ url: `/api/products?page=1&fbclid=${i}` });
    expect(t.app.catalogueCache.size).toBe(before + 1);
    const again = await t.app.inject({ url: "/api/products?page=1&gclid=x" });
    expect(again.json<ProductPage>().total).toBe(COUNT);
  });
});
