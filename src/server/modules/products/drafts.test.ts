import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Facets } from "@shared/schemas/attributes.js";
import { cartItems, oldHandles, orders, products } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import { checkoutPayload, countRows, insertCategory, insertProduct, postOrder } from "../../test/factory.js";
import { testStorefront } from "../../test/storefront.js";
import { createTestApp, startAnotherServer, type TestContext } from "../../test/test-app.js";

// CONTRACT.md part four, "Product addresses, drafts and launches" (decision 039): only active
// products reach shoppers; a draft with a launch time goes live at that time by itself, served
// from the catalogue cache at once, and the launch job writes it active once.
const clock = new ManualClock(new Date("2026-12-01T10:00:00Z"));
let t: TestContext;
let remove: () => void;
type Row = Awaited<ReturnType<typeof insertProduct>>;
let live: Row;
let draft: Row;
let archived: Row;

beforeAll(async () => {
  const storefront = await testStorefront();
  remove = storefront.remove;
  t = await createTestApp({ clock, clientDir: storefront.clientDir });
  await insertCategory(t.db, "party");
  // Each has a colour of its own, so the facets show whose values they count.
  live = await insertProduct(t.db, { name: "Zari Live Suit", category: "party", colors: ["Ferozi"] });
  draft = await insertProduct(t.db, {
    name: "Zari Draft Suit",
    category: "party",
    colors: ["Zamurd"],
    status: "draft",
  });
  archived = await insertProduct(t.db, {
    name: "Zari Archived Suit",
    category: "party",
    colors: ["Sharbati"],
    status: "archived",
  });
  t.app.catalogueCache.invalidate();
});
afterAll(async () => {
  await t.close();
  remove();
});

const get = (url: string, asStaff = false) => t.app.inject({ url, headers: asStaff ? { cookie: t.adminCookie } : {} });
const namesIn = async (url: string, asStaff = false) => {
  const res = await get(url, asStaff);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return ((Array.isArray(body) ? body : body.products) as { name: string }[]).map((p) => p.name);
};
const colours = async () => {
  const res = await get("/api/products/facets?category=party");
  expect(res.statusCode, res.body).toBe(200);
  const color = (res.json() as Facets).facets.find((f) => f.name === "Color");
  return (color?.values ?? []).map((v) => v.value).sort();
};

describe("drafts and archived products", () => {
  it("are in no shopper's list, search, collection or facets", async () => {
    for (const url of ["/api/products", "/api/products?q=Zari", "/api/products?category=party", "/api/products?page=1"])
      expect(await namesIn(url), url).toEqual(["Zari Live Suit"]);
    expect(await colours()).toEqual(["Ferozi"]);
  });

  it("answer 404 by id, by handle and as pages, and no old address moves to them", async () => {
    for (const p of [draft, archived]) {
      expect((await get(`/api/products/${p.id}`)).statusCode).toBe(404);
      expect((await get(`/api/products/by-handle/${p.handle}`)).statusCode).toBe(404);
      expect((await get(`/products/${p.handle}`)).statusCode).toBe(404);
      expect((await get(`/product/${p.id}`)).statusCode).toBe(404);
    }
    expect((await get(`/products/${live.handle}`)).statusCode).toBe(200);
  });

  it("answer 404, not 301, at an old handle", async () => {
    const renamed = await insertProduct(t.db, { name: "Zari Renamed Draft", category: "party", status: "draft" });
    await t.db.insert(oldHandles).values({ kind: "product", handle: "zari-first-draft", targetId: renamed.id });
    expect((await get("/products/zari-first-draft")).statusCode).toBe(404);
    await t.db.update(products).set({ status: "active" }).where(eq(products.id, renamed.id));
    const moved = await get("/products/zari-first-draft");
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/products/${renamed.handle}`);
    await t.db.update(products).set({ status: "archived" }).where(eq(products.id, renamed.id));
  });

  it("are in neither the sitemap nor the feed", async () => {
    const sitemap = (await get("/sitemap.xml")).body;
    const feed = (await get("/feeds/products.xml")).body;
    for (const body of [sitemap, feed]) {
      expect(body).toContain(live.handle);
      expect(body).not.toContain(draft.handle);
      expect(body).not.toContain(archived.handle);
    }
  });

  it("are refused by the cart, the quote and the checkout with 409 naming the item; nothing is stored", async () => {
    for (const p of [draft, archived]) {
      const line = { productId: p.id, size: "M", color: p.colors[0], quantity: 1 };
      const before = [await countRows(t.db, cartItems), await countRows(t.db, orders)];
      const cart = await t.app.inject({
        method: "POST",
        url: "/api/cart",
        payload: { sessionId: randomUUID(), ...line },
      });
      const quote = await t.app.inject({ method: "POST", url: "/api/checkout/quote", payload: { items: [line] } });
      const order = await postOrder(t.app, checkoutPayload([line]));
      for (const res of [cart, quote, order]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error).toBe(`${p.name} is not on sale; please remove it from your cart`);
      }
      expect([await countRows(t.db, cartItems), await countRows(t.db, orders)]).toEqual(before);
    }
  });

  it("are still seen by staff, in the list and by id", async () => {
    expect((await namesIn("/api/products?category=party", true)).sort()).toEqual(
      expect.arrayContaining(["Zari Archived Suit", "Zari Draft Suit", "Zari Live Suit"]),
    );
    for (const p of [draft, archived]) {
      const res = await get(`/api/products/${p.id}`, true);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(p.status);
    }
  });
});

describe("a launch", () => {
  it("shows the draft when the clock passes its time, from the cached list at once, and the job makes it active once", async () => {
    const at = new Date(clock.now().getTime() + 60 * 60_000);
    const launch = await insertProduct(t.db, {
      name: "Zari Launch Suit",
      category: "party",
      colors: ["Gulabi"],
      status: "draft",
      publishAt: at.toISOString(),
    });
    t.app.catalogueCache.invalidate();
    // Asked before the launch: the answer is cached without it.
    expect(await namesIn("/api/products?category=party")).not.toContain("Zari Launch Suit");
    expect(await namesIn("/api/products?category=party")).not.toContain("Zari Launch Suit");
    await t.app.jobs.runDue();
    expect((await get(`/api/products/${launch.id}`)).statusCode).toBe(404);

    clock.set(new Date(at.getTime() + 1000));
    // No write and no invalidation: the cache expired at the launch time by itself.
    expect(await namesIn("/api/products?category=party")).toContain("Zari Launch Suit");
    expect(await colours()).toContain("Gulabi");
    expect((await get(`/api/products/by-handle/${launch.handle}`)).statusCode).toBe(200);
    const [before] = await t.db.select().from(products).where(eq(products.id, launch.id));
    expect(before.status).toBe("draft");

    clock.advance(2 * 60_000);
    await t.app.jobs.runDue();
    const [written] = await t.db.select().from(products).where(eq(products.id, launch.id));
    expect(written.status).toBe("active");

    // Later runs, here and on another server, launch it no more.
    const other = await startAnotherServer(t, { clock });
    try {
      clock.advance(2 * 60_000);
      await Promise.all([t.app.jobs.runDue(), other.jobs.runDue()]);
    } finally {
      await other.close();
    }
    const [after] = await t.db.select().from(products).where(eq(products.id, launch.id));
    expect(after.updatedAt).toEqual(written.updatedAt);
    expect(await namesIn("/api/products?category=party")).toContain("Zari Launch Suit");
  });
});
