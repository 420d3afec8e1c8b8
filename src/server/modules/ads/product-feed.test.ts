import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../jobs/clock.js";
import { insertCategory, insertProduct, makeImage, productData, trackStock } from "../../test/factory.js";
import { storeImages } from "../images/image-service.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { FEED_REQUESTS_PER_NETWORK } from "./ads-routes.js";
import { FEED_KEPT_MS } from "./feed-cache.js";

const clock = new ManualClock(new Date("2026-03-01T10:00:00Z"));
let t: TestContext;
let dress: Awaited<ReturnType<typeof insertProduct>>;
let kurta: Awaited<ReturnType<typeof insertProduct>>;
let shawl: Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  t = await createTestApp({ clock, publicUrl: "https://shop.example.pk" });
  for (const slug of ["party", "casual", "accessories"]) await insertCategory(t.db, slug);
  dress = await insertProduct(t.db, {
    name: `Lawn & "Chiffon" <Suit>`,
    description: "Three piece; the dupatta's edge is hand-made\u0001.",
    price: "4000.00",
    category: "party",
    sizes: ["S", "M"],
    colors: ["Sea Green", "Red"],
    images: [],
  });
  // Units of M in Red only: every other size × colour of it is out of stock.
  await trackStock(t.db, dress, [{ size: "M", color: "Red", quantity: 3 }]);
  kurta = await insertProduct(t.db, {
    price: "4500.00",
    originalPrice: "6000.00",
    category: "casual",
    sizes: ["M"],
    colors: ["Blue"],
    colorVariantStock: { Blue: false },
  });
  shawl = await insertProduct(t.db, { price: "1500.00", category: "accessories", sizes: [], colors: [] });
});
afterAll(() => t.close());

const feed = () => t.app.inject({ url: "/feeds/products.xml" });

/** The items of the feed, each as its `g:` fields. */
function itemsOf(xml: string): Record<string, string>[] {
  return [...xml.matchAll(/<item>(.*?)<\/item>/gs)].map(([, body]) =>
    Object.fromEntries([...body.matchAll(/<g:(\w+)>(.*?)<\/g:\1>/gs)].map(([, k, v]) => [k, v])),
  );
}
const itemsFor = (xml: string, productId: number) => itemsOf(xml).filter((i) => i.item_group_id === String(productId));

describe("GET /feeds/products.xml", () => {
  it("is an RSS 2.0 feed in the Google namespace with one item per size × colour and every field Meta and Google require", async () => {
    const res = await feed();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
    );
    const items = itemsFor(res.body, dress.id);
    expect(items.map((i) => i.id)).toEqual([
      `${dress.id}_s_sea-green`,
      `${dress.id}_m_sea-green`,
      `${dress.id}_s_red`,
      `${dress.id}_m_red`,
    ]);
    for (const item of items) {
      for (const field of [
        "id",
        "item_group_id",
        "title",
        "description",
        "link",
        "price",
        "availability",
        "condition",
        "brand",
      ])
        expect(item[field], field).toBeTruthy();
      expect(item).toMatchObject({
        link: `https://shop.example.pk/products/${dress.handle}`,
        condition: "new",
        brand: "Zaiba",
      });
    }
    expect(items[3]).toMatchObject({ size: "M", color: "Red", price: "4000.00 PKR" });
    expect(items[0]).not.toHaveProperty("sale_price");
    // A product without sizes or colours is one item without them.
    const [single] = itemsFor(res.body, shawl.id);
    expect(single).toMatchObject({ id: String(shawl.id), price: "1500.00 PKR", availability: "in stock" });
    expect(single).not.toHaveProperty("size");
  });

  it("gives each variant its own availability from stock and the colour's flag", async () => {
    const items = itemsFor((await feed()).body, dress.id);
    expect(items.map((i) => i.availability)).toEqual(["out of stock", "out of stock", "out of stock", "in stock"]);
    expect(itemsFor((await feed()).body, kurta.id)[0].availability).toBe("out of stock");
  });

  it("escapes names and descriptions and drops characters XML cannot hold", async () => {
    const res = await feed();
    const [item] = itemsFor(res.body, dress.id);
    expect(item.title).toBe("Lawn &amp; &quot;Chiffon&quot; &lt;Suit&gt;");
    expect(item.description).toBe("Three piece; the dupatta&apos;s edge is hand-made.");
    expect(res.body).not.toContain("<Suit>");
    expect(res.body).not.toContain("\u0001");
  });

  it("gives absolute picture links from PUBLIC_URL, the colour's own pictures first", async () => {
    const [front, back, blue] = await storeImages(
      t.db,
      await Promise.all(
        [1, 2, 3].map(async (seed) => ({ filename: `${seed}.png`, bytes: await makeImage({ seed: 900 + seed }) })),
      ),
      800,
    );
    const withPictures = await insertProduct(t.db, {
      colors: ["Red", "Blue"],
      sizes: ["M"],
      images: [front.id, back.id],
      colorVariantImages: { Blue: [blue.id] },
    });
    t.app.catalogueCache.invalidate(); // written behind the API's back, as the factory does
    const [red, blueItem] = itemsFor((await feed()).body, withPictures.id);
    expect(red).toMatchObject({
      image_link: `https://shop.example.pk${front.url}`,
      additional_image_link: `https://shop.example.pk${back.url}`,
    });
    expect(blueItem.image_link).toBe(`https://shop.example.pk${blue.url}`);
    expect(blueItem).not.toHaveProperty("additional_image_link");
  });

  it("shows the regular price and the sale price while an automatic sale is on, and the product's own higher original price", async () => {
    const before = itemsFor((await feed()).body, kurta.id)[0];
    expect(before).toMatchObject({ price: "6000.00 PKR", sale_price: "4500.00 PKR" });
    const sale = await t.app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: { cookie: t.adminCookie },
      payload: { code: null, kind: "percent", value: 25, categories: ["party"], startsAt: "2026-03-02T00:00:00Z" },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(itemsFor((await feed()).body, dress.id)[0]).not.toHaveProperty("sale_price");
    clock.set(new Date("2026-03-02T00:00:01Z"));
    const during = itemsFor((await feed()).body, dress.id)[0];
    expect(during).toMatchObject({ price: "4000.00 PKR", sale_price: "3000.00 PKR" });
  });

  it("is public and cacheable for a minute, and answers 304 to its ETag until the catalogue changes", async () => {
    const first = await feed();
    expect(first.headers["cache-control"]).toBe("public, max-age=60");
    const etag = String(first.headers.etag);
    const head = await t.app.inject({ method: "HEAD", url: "/feeds/products.xml" });
    expect([head.statusCode, head.headers.etag, head.body]).toEqual([200, etag, ""]);
    const again = await t.app.inject({ url: "/feeds/products.xml", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    // A unit sold out changes which variants are in stock: a new feed.
    await trackStock(t.db, dress, [{ size: "M", color: "Red", quantity: 0 }]);
    t.app.catalogueCache.invalidate(); // as a sale through the API does once a variant is low (modules/stock)
    const changed = await t.app.inject({ url: "/feeds/products.xml", headers: { "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("is built once and kept: a product written behind the API's back is not seen until an edit through it, or a minute passes", async () => {
    const first = await feed();
    const hidden = await insertProduct(t.db, { name: "Kept Out Kurta", category: "casual", sizes: [], colors: [] });
    const kept = await feed();
    expect(kept.body).toBe(first.body); // served from what was kept, not built again
    expect(kept.body).not.toContain("Kept Out Kurta");

    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/products/${shawl.id}`,
      headers: { cookie: t.adminCookie },
      payload: productData({ name: "Pashmina Shawl", price: "1500", category: "accessories", sizes: [], colors: [] }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = (await feed()).body;
    expect(itemsFor(edited, shawl.id)[0].title).toBe("Pashmina Shawl");
    expect(itemsFor(edited, hidden.id)).toHaveLength(1);

    // Without any change it is kept for a minute at most.
    await t.db.execute(sql`update products set name = 'Renamed Quietly' where id = ${hidden.id}`);
    expect(itemsFor((await feed()).body, hidden.id)[0].title).toBe("Kept Out Kurta");
    clock.advance(FEED_KEPT_MS);
    expect(itemsFor((await feed()).body, hidden.id)[0].title).toBe("Renamed Quietly");
  });

  it("sends the kept gzipped bytes to a client that accepts gzip, the same feed", async () => {
    const plain = await feed();
    const zipped = await t.app.inject({ url: "/feeds/products.xml", headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it("answers 429 with Retry-After and how long to wait once a network has asked too often", async () => {
    const fromOneNetwork = () => t.app.inject({ url: "/feeds/products.xml", remoteAddress: "203.0.113.9" });
    for (let n = 0; n < FEED_REQUESTS_PER_NETWORK; n++) expect((await fromOneNetwork()).statusCode).toBe(200);
    const refused = await fromOneNetwork();
    expect(refused.statusCode).toBe(429);
    // The window opened with the first of them: a loaded machine takes a second or more to ask 60 times.
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(590);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(600);
    expect(refused.json()).toEqual({
      error: "Too many product feed requests from your network. Please try again in 10 minutes.",
    });
    // Another network is still served.
    expect((await t.app.inject({ url: "/feeds/products.xml", remoteAddress: "198.51.100.4" })).statusCode).toBe(200);
  });
});
