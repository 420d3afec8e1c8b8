import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attributes, products } from "../../db/schema.js";
import { countRows, insertCategory, insertProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

const asOwner = (method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: t.adminCookie } });

async function create(name: string, values: string[]) {
  const res = await asOwner("POST", "/api/admin/attributes", { name, values });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; values: string[] };
}

const attributesOf = async (id: number) =>
  (await t.db.select({ a: products.attributes }).from(products).where(eq(products.id, id)))[0].a;

describe("GET /api/admin/attributes", () => {
  it("starts with the starter list for Pakistani fashion, in order", async () => {
    const res = await asOwner("GET", "/api/admin/attributes");
    expect(res.statusCode).toBe(200);
    expect(res.json().slice(0, 4)).toEqual([
      {
        id: expect.any(Number),
        name: "Fabric",
        values: ["Lawn", "Cotton", "Khaddar", "Linen", "Chiffon", "Silk", "Karandi", "Velvet"],
      },
      { id: expect.any(Number), name: "Pieces", values: ["1", "2", "3"] },
      { id: expect.any(Number), name: "Season", values: ["Summer", "Winter", "All season"] },
      { id: expect.any(Number), name: "Occasion", values: ["Casual", "Formal", "Festive", "Bridal"] },
    ]);
  });

  it("is refused without a session", async () => {
    expect((await t.app.inject({ url: "/api/admin/attributes" })).statusCode).toBe(401);
  });
});

describe("POST /api/admin/attributes", () => {
  it("adds an attribute after the others", async () => {
    const made = await create("Work", ["Embroidered", "Printed"]);
    const list = (await asOwner("GET", "/api/admin/attributes")).json();
    expect(list.at(-1)).toEqual(made);
  });

  it.each([
    [{ name: "", values: [] }, "name", /required/],
    [{ name: "Neck:line", values: [] }, "name", /":"/],
    [{ name: "fabric", values: [] }, "name", /already exists/],
    [{ name: "Length", values: ["Long", "long"] }, "values", /only once/],
    [{ name: "Cut", values: ["A:line"] }, "values.0", /":"/],
  ])("refuses %j with a message for the field, storing nothing", async (body, field, message) => {
    const before = await countRows(t.db, attributes);
    const res = await asOwner("POST", "/api/admin/attributes", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[field]).toMatch(message);
    expect(await countRows(t.db, attributes)).toBe(before);
  });
});

describe("PATCH /api/admin/attributes/:id", () => {
  it("renames the attribute and a value on every product filed under them, and drops a removed value", async () => {
    const made = await create("Dupatta", ["Chiffon", "Net", "Organza"]);
    const p = await insertProduct(t.db, { attributes: { Dupatta: ["Chiffon", "Net"], Fabric: ["Lawn"] } });
    const res = await asOwner("PATCH", `/api/admin/attributes/${made.id}`, {
      name: "Dupatta fabric",
      values: ["Chiffon silk", "Organza"],
      renames: { Chiffon: "Chiffon silk" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: made.id, name: "Dupatta fabric", values: ["Chiffon silk", "Organza"] });
    expect(await attributesOf(p.id)).toEqual({ "Dupatta fabric": ["Chiffon silk"], Fabric: ["Lawn"] });
    const facets = (await t.app.inject({ url: "/api/products/facets?f=Dupatta%20fabric:Chiffon%20silk" })).json();
    expect(facets.facets).toContainEqual({ name: "Dupatta fabric", values: [{ value: "Chiffon silk", count: 1 }] });
  });

  it("refuses a rename to a value not in the list, and an unknown id", async () => {
    const made = await create("Trouser", ["Shalwar", "Straight"]);
    const bad = await asOwner("PATCH", `/api/admin/attributes/${made.id}`, {
      values: ["Shalwar"],
      renames: { Straight: "Cigarette" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.renames).toMatch(/must be in the new values/);
    expect((await asOwner("PATCH", "/api/admin/attributes/999999", { name: "X" })).statusCode).toBe(404);
    expect((await asOwner("PATCH", `/api/admin/attributes/${made.id}`, {})).statusCode).toBe(400);
  });
});

describe("DELETE /api/admin/attributes/:id", () => {
  it("removes the attribute from every product", async () => {
    const made = await create("Lining", ["Yes", "No"]);
    const p = await insertProduct(t.db, { attributes: { Lining: ["Yes"], Fabric: ["Silk"] } });
    expect((await asOwner("DELETE", `/api/admin/attributes/${made.id}`)).statusCode).toBe(200);
    expect(await attributesOf(p.id)).toEqual({ Fabric: ["Silk"] });
    expect((await asOwner("DELETE", `/api/admin/attributes/${made.id}`)).statusCode).toBe(404);
  });
});

describe("products with attributes", () => {
  const base = { name: "Lawn 3-piece", price: "4990", category: "casual" };

  it("stores a product's attributes in the attributes' own spelling and returns them", async () => {
    const res = await asOwner("POST", "/api/products", { ...base, attributes: { fabric: ["LAWN"], Pieces: ["3"] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attributes).toEqual({ Fabric: ["Lawn"], Pieces: ["3"] });
  });

  it.each([
    [{ Colour: ["Red"] }, /"Colour" is not an attribute; use one of: Fabric, Pieces/],
    [{ Fabric: ["Denim"] }, /"Denim" is not a value of Fabric; use one of: Lawn/],
  ])("refuses %j naming what may be chosen, storing nothing", async (given, message) => {
    const before = await countRows(t.db, products);
    const res = await asOwner("POST", "/api/products", { ...base, attributes: given });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.attributes).toMatch(message);
    expect(await countRows(t.db, products)).toBe(before);
  });
});

describe("PUT /api/categories/:id sizeChart", () => {
  const chart = {
    columns: ["Size", "Chest", "Length"],
    rows: [
      ["S", "36", "40"],
      ["M", "38", "41"],
    ],
    note: "Inches",
  };

  it("keeps a size chart, keeps it when not sent, and removes it with null", async () => {
    const [category] = (await t.app.inject({ url: "/api/categories" })).json();
    const body = { name: category.name, slug: category.slug };
    const put = await asOwner("PUT", `/api/categories/${category.id}`, { ...body, sizeChart: chart });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().sizeChart).toEqual(chart);
    expect((await asOwner("PUT", `/api/categories/${category.id}`, body)).json().sizeChart).toEqual(chart);
    const listed = (await t.app.inject({ url: "/api/categories" })).json();
    expect(listed.find((c: { id: number }) => c.id === category.id).sizeChart).toEqual(chart);
    const cleared = await asOwner("PUT", `/api/categories/${category.id}`, { ...body, sizeChart: null });
    expect(cleared.json()).not.toHaveProperty("sizeChart");
  });

  it("refuses a row of the wrong width, naming the row", async () => {
    const [category] = (await t.app.inject({ url: "/api/categories" })).json();
    const res = await asOwner("PUT", `/api/categories/${category.id}`, {
      name: category.name,
      slug: category.slug,
      sizeChart: { ...chart, rows: [["S", "36"]] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details["sizeChart.rows.0"]).toMatch(/Row 1 has 2 cells; the chart has 3 columns/);
  });
});
