import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeProducts, Product, ProductPage } from "@shared/schemas/products.js";
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

describe("GET /api/products/home on a catalogue larger than one answer", () => {
  it("finds each category's newest product and the 8 newest, without reading the whole list", async () => {
    // An old category whose only product is older than the 200 newest: the hero still shows it.
    await insertCategory(t.db, "bridal");
    await t.db.execute(sql`
      insert into products (name, sku, description, price, category, sizes, colors, created_at)
      values ('Old Bridal Lehenga', 'BR-1', 'The only bridal piece', 90000, 'bridal', array['M'], array['Red'],
              timestamptz '2024-01-01')`);
    t.app.catalogueCache.invalidate();
    try {
      const res = await t.app.inject({ url: "/api/products/home" });
      expect(res.statusCode, res.body).toBe(200);
      const home = res.json<HomeProducts>();
      expect(home.newArrivals.map((p) => p.name)).toEqual(
        Array.from({ length: 8 }, (_, i) => `Paged Suit ${COUNT - i}`),
      );
      // Newest category first: 250 is casual (250 % 3 = 1), 249 is formal, then the old bridal piece.
      expect(home.hero.map((p) => [p.category, p.name])).toEqual([
        ["casual", `Paged Suit ${COUNT}`],
        ["formal", `Paged Suit ${COUNT - 1}`],
        ["bridal", "Old Bridal Lehenga"],
      ]);
      // The answer is a few products, not the catalogue.
      expect(res.body.length).toBeLessThan(20_000);
    } finally {
      await t.db.execute(sql`delete from products where sku = 'BR-1'`);
      await t.db.execute(sql`delete from categories where slug = 'bridal'`);
      t.app.catalogueCache.invalidate();
    }
  });

  it("is cached and cleared with the rest of the catalogue", async () => {
    const first = await t.app.inject({ url: "/api/products/home" });
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ url: "/api/products/home", headers: { "if-none-match": etag } })).statusCode).toBe(
      304,
    );
    await t.db.execute(sql`update products set name = 'Renamed Suit' where name = ${`Paged Suit ${COUNT}`}`);
    t.app.catalogueCache.invalidate(); // as a write through the API (or another server's NOTIFY) does
    const after = await t.app.inject({ url: "/api/products/home" });
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json<HomeProducts>().newArrivals[0].name).toBe("Renamed Suit");
    await t.db.execute(sql`update products set name = ${`Paged Suit ${COUNT}`} where name = 'Renamed Suit'`);
    t.app.catalogueCache.invalidate();
  });
});
