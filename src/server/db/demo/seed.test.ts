import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "@shared/rules/order-status.js";
import { phoneKey } from "@shared/rules/phone.js";
import type { Product } from "@shared/schemas/products.js";
import { categories, images, orderItems, orders, orderStatusEvents, products, reviews } from "../schema.js";
import { countRows } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { createTestDatabase } from "../../test/test-db.js";
import { seedDemoData } from "./seed.js";

let t: TestContext;
let list: Product[];
let seedMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await seedDemoData(t.db);
  seedMs = performance.now() - started;
  list = (await t.app.inject({ url: "/api/products?limit=500" })).json();
});
afterAll(() => t.close());

describe("seedDemoData", () => {
  it("fills the four categories and a believable catalogue", async () => {
    console.info(`demo seed took ${Math.round(seedMs)} ms`);
    const cats = (await t.app.inject({ url: "/api/categories" })).json();
    expect(cats.map((c: { slug: string }) => c.slug)).toEqual(["formal", "casual", "party", "accessories"]);
    expect(cats[0].name).toBe("Formal");
    expect(list.length).toBeGreaterThanOrEqual(20);
    for (const slug of ["formal", "casual", "party", "accessories"])
      expect(list.some((p) => p.category === slug)).toBe(true);
    for (const p of list) {
      expect(Number(p.price)).toBeGreaterThanOrEqual(1500);
      expect(Number(p.price)).toBeLessThanOrEqual(25000);
      if (p.originalPrice) expect(Number(p.originalPrice)).toBeGreaterThan(Number(p.price));
      if (p.category === "accessories") expect(p.sizes).toEqual(["Free Size"]);
    }
    expect(list.filter((p) => p.originalPrice).length).toBeGreaterThanOrEqual(3);
    expect(list.filter((p) => p.featured === 1).length).toBeGreaterThanOrEqual(3);
    expect(list.filter((p) => p.inStock === 0)).toHaveLength(1);
    expect(list.filter((p) => Object.values(p.colorVariantStock).includes(false)).length).toBeGreaterThanOrEqual(3);
    // Spread over recent months: newest first, not all on one day.
    const days = new Set(list.map((p) => p.createdAt.slice(0, 10)));
    expect(days.size).toBeGreaterThan(15);
  });

  it("gives every product a main image and one picture per colour, all served", async () => {
    for (const p of list) {
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(2);
      expect(Object.keys(p.colorVariantImages).sort()).toEqual([...p.colors].sort());
    }
    const sample = list[0];
    const full = await t.app.inject({ url: sample.images[0].url });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect((await t.app.inject({ url: `${sample.images[0].url}/thumb` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${sample.images[0].url}/card` })).statusCode).toBe(200);
    expect(sample.images[0].edgeColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("adds about 150 orders over 18 months in every status, with repeat customers", async () => {
    const rows = await t.db.select().from(orders);
    expect(rows.length).toBeGreaterThanOrEqual(120);
    for (const status of ORDER_STATUSES)
      expect(
        rows.some((o) => o.status === status),
        status,
      ).toBe(true);
    const ages = rows.map((o) => (Date.now() - new Date(o.createdAt).getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.max(...ages)).toBeLessThanOrEqual(550);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    const perPhone = new Map<string, number>();
    for (const o of rows) {
      expect(o.phoneKey).toBe(phoneKey(o.customerPhone));
      expect(o.customerPhone).toMatch(/^03\d{2}-\d{7}$/);
      perPhone.set(o.phoneKey, (perPhone.get(o.phoneKey) ?? 0) + 1);
    }
    expect([...perPhone.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(10);
  });

  it("prices every order from its items and records its status history", async () => {
    const rows = await t.db.select().from(orders);
    const items = await t.db.select().from(orderItems);
    const events = await t.db.select().from(orderStatusEvents);
    const byId = new Map(list.map((p) => [p.id, p]));
    for (const o of rows) {
      const mine = items.filter((i) => i.orderId === o.id);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBeLessThanOrEqual(3);
      const sum = mine.reduce((s, i) => s + Number(i.price) * i.quantity, 0);
      expect(Number(o.total)).toBe(sum);
      expect(o.subtotal).toBe(o.total);
      expect(Number(o.tax)).toBe(0);
      for (const i of mine) {
        const product = byId.get(i.productId)!;
        expect(i.category).toBe(product.category);
        expect(product.sizes).toContain(i.size);
        expect(product.colors).toContain(i.color);
        expect(JSON.parse(i.selectedImage!).url).toMatch(/^\/api\/images\//);
      }
      const history = events.filter((e) => e.orderId === o.id).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      expect(history[0]).toMatchObject({ status: "pending", actor: "customer" });
      expect(history[history.length - 1].status).toBe(o.status);
    }
  });

  it("adds reviews only to delivered orders' own products", async () => {
    const rows = await t.db.select().from(reviews);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const delivered = new Map(
      (await t.db.select().from(orders)).filter((o) => o.status === "delivered").map((o) => [o.id, o]),
    );
    const items = await t.db.select().from(orderItems);
    for (const r of rows) {
      const order = delivered.get(r.orderId);
      expect(order).toBeDefined();
      expect(r.customerName).toBe(order!.customerName);
      expect(items.some((i) => i.orderId === r.orderId && i.productId === r.productId)).toBe(true);
      expect(r.rating).toBeGreaterThanOrEqual(3);
    }
  });

  it("leaves a database that already has a catalogue alone", async () => {
    const tables = [categories, products, orders, images, reviews];
    const before = await Promise.all(tables.map((table) => countRows(t.db, table)));
    await seedDemoData(t.db);
    expect(await Promise.all(tables.map((table) => countRows(t.db, table)))).toEqual(before);
  });

  it("leaves a database with only its own categories alone", async () => {
    const database = await createTestDatabase();
    try {
      await database.db.insert(categories).values({ name: "Bridal", slug: "bridal" });
      await seedDemoData(database.db);
      expect(await countRows(database.db, categories)).toBe(1);
      expect(await countRows(database.db, products)).toBe(0);
      expect(await countRows(database.db, orders)).toBe(0);
    } finally {
      await database.drop();
    }
  });
});
