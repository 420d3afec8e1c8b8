import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "../../db/schema.js";
import { countRows, insertProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asAdmin = (method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: t.adminCookie } });

async function create(name: string, slug = name) {
  const res = await asAdmin("POST", "/api/categories", { name, slug, description: `${name} wear` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("GET /api/categories", () => {
  it("lists every category with id, name, slug and description", async () => {
    const made = await create("Listed");
    const res = await t.app.inject({ url: "/api/categories" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      id: made.id,
      name: "Listed",
      slug: "listed",
      handle: "listed",
      description: "Listed wear",
    });
  });
});

describe("POST /api/categories", () => {
  it("lower-cases the slug and turns spaces into hyphens", async () => {
    const made = await create("Eid Specials", "  Eid Specials ");
    expect(made).toMatchObject({ name: "Eid Specials", slug: "eid-specials", description: "Eid Specials wear" });
  });

  it("refuses a duplicate slug with 409 and writes nothing", async () => {
    await create("Bridal");
    const before = await countRows(t.db, categories);
    const res = await asAdmin("POST", "/api/categories", { name: "Bridal Two", slug: "BRIDAL" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'A category with the slug "bridal" already exists' });
    expect(await countRows(t.db, categories)).toBe(before);
  });

  it("refuses bad input, malformed JSON and an anonymous caller", async () => {
    const before = await countRows(t.db, categories);
    const empty = await asAdmin("POST", "/api/categories", { name: "", slug: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toMatchObject({ name: "Category name is required" });
    const symbols = await asAdmin("POST", "/api/categories", { name: "Odd", slug: "odd/../slug" });
    expect(symbols.json().error).toBe("Slug may hold only letters, digits and hyphens");
    const wrongType = await asAdmin("POST", "/api/categories", { name: 42, slug: ["x"] });
    expect(wrongType.statusCode).toBe(400);
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/categories",
      headers: { cookie: t.adminCookie, "content-type": "application/json" },
      payload: "{oops",
    });
    expect(malformed.statusCode).toBe(400);
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/categories",
      payload: { name: "Anon", slug: "anon" },
    });
    expect(anon.statusCode).toBe(401);
    expect(await countRows(t.db, categories)).toBe(before);
  });
});

describe("PUT /api/categories/:id", () => {
  it("renames a slug and moves its products in the same step", async () => {
    const made = await create("Winter");
    const product = await insertProduct(t.db, { category: "winter" });
    const res = await asAdmin("PUT", `/api/categories/${made.id}`, {
      id: made.id,
      name: "Winter Khaddar",
      slug: "Winter Khaddar",
      description: "Warm",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: made.id,
      name: "Winter Khaddar",
      slug: "winter-khaddar",
      handle: "winter-khaddar",
      description: "Warm",
    });
    const moved = await t.app.inject({ url: `/api/products/${product.id}` });
    expect(moved.json().category).toBe("winter-khaddar");
  });

  it("refuses a slug another category has, leaving both untouched", async () => {
    const a = await create("Summer");
    await create("Spring");
    const product = await insertProduct(t.db, { category: "summer" });
    const res = await asAdmin("PUT", `/api/categories/${a.id}`, { name: "Summer", slug: "spring" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('A category with the slug "spring" already exists');
    expect((await t.app.inject({ url: `/api/products/${product.id}` })).json().category).toBe("summer");
  });

  it("answers an unknown id with 404 and an anonymous caller with 401", async () => {
    const missing = await asAdmin("PUT", "/api/categories/99999", { name: "X", slug: "x" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Category not found" });
    const anon = await t.app.inject({ method: "PUT", url: "/api/categories/1", payload: { name: "X", slug: "x" } });
    expect(anon.statusCode).toBe(401);
  });
});

describe("DELETE /api/categories/:id", () => {
  it("deletes an unused category", async () => {
    const made = await create("Temporary");
    const res = await asAdmin("DELETE", `/api/categories/${made.id}`);
    expect(res.statusCode).toBe(200);
    const list = (await t.app.inject({ url: "/api/categories" })).json();
    expect(list.map((c: { slug: string }) => c.slug)).not.toContain("temporary");
  });

  it("refuses to delete a category that products still use, saying how many", async () => {
    const made = await create("Busy");
    await insertProduct(t.db, { category: "busy" });
    await insertProduct(t.db, { category: "busy" });
    const before = [await countRows(t.db, categories), await countRows(t.db, products)];
    const res = await asAdmin("DELETE", `/api/categories/${made.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "2 products still use this category; move or delete them first" });
    expect([await countRows(t.db, categories), await countRows(t.db, products)]).toEqual(before);
  });

  it("answers an unknown id with 404 and an anonymous caller with 401", async () => {
    expect((await asAdmin("DELETE", "/api/categories/99999")).statusCode).toBe(404);
    const made = await create("Guarded");
    expect((await t.app.inject({ method: "DELETE", url: `/api/categories/${made.id}` })).statusCode).toBe(401);
  });
});
