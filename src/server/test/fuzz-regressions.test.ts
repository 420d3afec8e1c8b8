import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, images, orders, products } from "../db/schema.js";
import { checkoutPayload, insertCategory, insertProduct, makeImage, multipart, productData } from "./factory.js";
import { createTestApp, type TestContext } from "./test-app.js";

/** Inputs the fuzz test (fuzz.test.ts) found answered with 500, each now a clear 4xx. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

const rows = async (table: typeof categories | typeof products | typeof orders | typeof images) =>
  Number((await t.db.select({ n: count() }).from(table))[0].n);

describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL character in a body or a query string with 400 instead of failing in the database", async () => {
    const before = await rows(categories);
    const category = await t.app.inject({
      method: "POST",
      url: "/api/categories",
      headers: { cookie: t.adminCookie },
      payload: { name: "a\u0000b", slug: "ab", description: "" },
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().details).toEqual({ name: "Text cannot contain NUL characters or broken Unicode" });
    expect(await rows(categories)).toBe(before);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "a\u0000", password: "x" },
    });
    expect(login.statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/products?q=a%00b" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/products?category=%00" })).statusCode).toBe(400);
  });

  it("refuses a colour holding half a surrogate pair (a jsonb key) and leaves the product as it was", async () => {
    const product = await insertProduct(t.db, { category: "casual", colors: ["Red"] });
    const form = await multipart({ productData: JSON.stringify(productData({ colors: "\ud800" })) });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/products/${product.id}`,
      headers: { ...form.headers, cookie: t.adminCookie },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    const [stored] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(stored.colors).toEqual(["Red"]);
  });

  it("stores an uploaded file whose name holds control characters under a cleaned name", async () => {
    const body = await multipart({}, [
      { field: "image", filename: "hero\u0000\u0001.png", bytes: await makeImage({ seed: 41 }), type: "image/png" },
    ]);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/settings/hero_image",
      headers: { ...body.headers, cookie: t.adminCookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.filename, JSON.stringify(res.json())).toBe("hero.webp");
  });
});

describe("amounts beyond the database's numeric(12, 2)", () => {
  it("refuses a product price of more than ten digits with 400 and stores nothing", async () => {
    const before = await rows(products);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: t.adminCookie },
      payload: productData({ price: "99999999999999" }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/too large/);
    expect(await rows(products)).toBe(before);
    const most = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: t.adminCookie },
      payload: productData({ price: "9999999999.99", sku: "MOST-1" }),
    });
    expect(most.statusCode).toBe(201);
  });

  it("refuses an order whose total the database cannot hold with 409 and stores nothing", async () => {
    const product = await insertProduct(t.db, { price: "9999999999.99" });
    const before = await rows(orders);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: checkoutPayload([{ productId: product.id, quantity: 2 }], { customerPhone: "03459999999" }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/too large/);
    expect(await rows(orders)).toBe(before);
  });
});
