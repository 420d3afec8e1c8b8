import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productCard, type HomeProducts, type ProductCardPage } from "@shared/schemas/products.js";
import { createProduct, insertCategory, makeImage, productData, sendProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// Decision 053: the storefront's lists (home, shop, collections, search) read products as their
// cards show them: the first picture, the price and whether it is a "From" price, no variants.
let t: TestContext;
let ranged: { id: number; name: string };
let plain: { id: number; name: string };
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
  ranged = await createProduct(t, {
    name: "Ranged Lawn",
    sku: "CRD-1",
    sizes: [],
    colors: [],
    options: [{ name: "Make", values: ["Unstitched", "Stitched"] }],
    variants: [
      { options: { Make: "Unstitched" }, price: "4990", sku: "CRD-1-U" },
      { options: { Make: "Stitched" }, price: "6490", sku: "CRD-1-S" },
    ],
  });
  // Two pictures: a card shows the first only.
  const res = await sendProduct(
    t,
    "POST",
    "/api/products",
    {
      productData: JSON.stringify(
        productData({ name: "Plain Lawn", sku: "CRD-2", sizes: ["M"], colors: ["Red"], featured: 1 }),
      ),
    },
    [
      { field: "images", filename: "a.png", type: "image/png", bytes: await makeImage({ seed: 1 }) },
      { field: "images", filename: "b.png", type: "image/png", bytes: await makeImage({ seed: 2 }) },
    ],
  );
  expect(res.statusCode, res.body).toBe(201);
  plain = res.json();
});
afterAll(() => t.close());

describe("products as cards", () => {
  it("answers a page of cards with view=card: the first picture, the price, and From where variants differ", async () => {
    const res = await t.app.inject({ url: "/api/products?page=1&sort=newest&view=card" });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ProductCardPage>();
    expect(page.total).toBe(2);
    for (const card of page.products) expect(productCard.strict().parse(card)).toEqual(card);
    const byName = new Map(page.products.map((p) => [p.name, p]));
    expect(byName.get("Ranged Lawn")).toMatchObject({ id: ranged.id, price: "4990.00", pricedFrom: true });
    const card = byName.get("Plain Lawn")!;
    expect(card).toMatchObject({ id: plain.id, pricedFrom: false, featured: 1, colors: ["Red"] });
    expect(card.images).toHaveLength(1);
    const whole = (await t.app.inject({ url: `/api/products/${plain.id}` })).json<{ images: { id: string }[] }>();
    expect(whole.images).toHaveLength(2);
    expect(card.images[0].id).toBe(whole.images[0].id);
  });

  it("keeps whole products without view, and refuses another view with a message", async () => {
    const whole = (await t.app.inject({ url: "/api/products?page=1" })).json<{ products: object[] }>();
    expect(whole.products[0]).toHaveProperty("variants");
    const res = await t.app.inject({ url: "/api/products?page=1&view=full" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("view may only be card");
  });

  it("answers the home page's hero and new arrivals as cards", async () => {
    const home = (await t.app.inject({ url: "/api/products/home" })).json<HomeProducts>();
    for (const card of [...home.hero, ...home.newArrivals]) expect(productCard.strict().parse(card)).toEqual(card);
    expect(home.newArrivals.map((p) => [p.name, p.pricedFrom])).toEqual([
      ["Plain Lawn", false],
      ["Ranged Lawn", true],
    ]);
  });
});
