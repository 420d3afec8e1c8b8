import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const slug of ["formal", "casual", "party", "accessories"]) await insertCategory(t.db, slug);
  const rows = [
    {
      key: "lawn",
      name: "Printed Lawn Suit",
      sku: "LWN-100",
      price: "2999.99",
      category: "casual",
      sizes: ["S", "M"],
      colors: ["Blue", "White"],
      createdAt: "2025-01-01T00:00:00Z",
    },
    {
      key: "chiffon",
      name: "Chiffon Party Frock",
      sku: "CHF-200",
      price: "3000",
      category: "party",
      sizes: ["L", "XL"],
      colors: ["Red", "Pink"],
      featured: true,
      createdAt: "2025-02-01T00:00:00Z",
    },
    {
      key: "kurta",
      name: "Embroidered Kurta",
      sku: "KRT-300",
      description: "Hand embroidered 100% cotton",
      price: "6000",
      category: "formal",
      sizes: ["M", "L"],
      colors: ["Black"],
      createdAt: "2025-03-01T00:00:00Z",
    },
    {
      key: "jhumka",
      name: "Golden Jhumkas",
      sku: "ACC-400",
      price: "1500",
      category: "accessories",
      sizes: ["Free Size"],
      colors: ["Yellow"],
      createdAt: "2025-04-01T00:00:00Z",
    },
  ];
  for (const { key, ...values } of rows) ids[key] = (await insertProduct(t.db, values)).id;
});
afterAll(() => t.close());

async function names(query: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/products${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().map((p: { name: string }) => p.name);
}

describe("GET /api/products", () => {
  it("lists every product newest first in the contract's shape", async () => {
    const res = await t.app.inject({ url: "/api/products" });
    const list = res.json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([ids.jhumka, ids.kurta, ids.chiffon, ids.lawn]);
    expect(list[2]).toMatchObject({
      name: "Chiffon Party Frock",
      price: "3000.00",
      originalPrice: null,
      inStock: 1,
      featured: 1,
      createdAt: "2025-02-01T00:00:00.000Z",
      images: [],
      colorVariantImages: {},
      colorVariantStock: { Red: true, Pink: true },
    });
    // Public catalogue reads are revalidated by ETag rather than never stored (catalogue cache).
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.etag).toBeDefined();
  });

  it("filters by one or several categories, ignoring case", async () => {
    expect(await names("?category=party")).toEqual(["Chiffon Party Frock"]);
    expect(await names("?category=Formal&category=casual")).toEqual(["Embroidered Kurta", "Printed Lawn Suit"]);
  });

  it("filters by price range, each bound belonging to the range that starts there", async () => {
    expect(await names("?priceRange=0-3000")).toEqual(["Golden Jhumkas", "Printed Lawn Suit"]);
    expect(await names("?priceRange=3000-6000")).toEqual(["Chiffon Party Frock"]);
    expect(await names("?priceRange=6000%2B")).toEqual(["Embroidered Kurta"]);
  });

  it("finds products sharing any of the chosen sizes or colours", async () => {
    expect(await names("?sizes=M")).toEqual(["Embroidered Kurta", "Printed Lawn Suit"]);
    expect(await names("?sizes=XL&sizes=Free%20Size")).toEqual(["Golden Jhumkas", "Chiffon Party Frock"]);
    expect(await names("?colors=pink&colors=White")).toEqual(["Chiffon Party Frock", "Printed Lawn Suit"]);
  });

  it("combines filters with AND", async () => {
    expect(await names("?sizes=M&priceRange=0-3000")).toEqual(["Printed Lawn Suit"]);
    expect(await names("?category=casual&colors=Red")).toEqual([]);
    expect(await names("?category=party&category=formal&sizes=L&colors=Black")).toEqual(["Embroidered Kurta"]);
  });

  it("searches name, description, SKU and category without regard to case", async () => {
    expect(await names("?q=LAWN")).toEqual(["Printed Lawn Suit"]);
    expect(await names("?q=hand%20embroidered")).toEqual(["Embroidered Kurta"]);
    expect(await names("?q=acc-4")).toEqual(["Golden Jhumkas"]);
    expect(await names("?q=accessories")).toEqual(["Golden Jhumkas"]);
    expect(await names("?q=party&priceRange=6000%2B")).toEqual([]);
  });

  it("reads blank filter values as no filter", async () => {
    expect(await names("?category=&sizes=&colors=&q=")).toHaveLength(4);
    expect(await names("?category=&category=party")).toEqual(["Chiffon Party Frock"]);
  });

  it("treats % and _ in a search as plain characters", async () => {
    expect(await names("?q=100%25")).toEqual(["Embroidered Kurta"]);
    expect(await names("?q=%25%25")).toEqual([]);
    expect(await names("?q=_")).toEqual([]);
  });

  it("sorts by price or featured first and honours limit and offset", async () => {
    expect(await names("?sort=price-asc")).toEqual([
      "Golden Jhumkas",
      "Printed Lawn Suit",
      "Chiffon Party Frock",
      "Embroidered Kurta",
    ]);
    expect((await names("?sort=price-desc"))[0]).toBe("Embroidered Kurta");
    expect((await names("?sort=featured"))[0]).toBe("Chiffon Party Frock");
    expect(await names("?limit=2&offset=1")).toEqual(["Embroidered Kurta", "Chiffon Party Frock"]);
  });

  it("refuses an unknown price range, sort or an unbounded limit with a 400", async () => {
    for (const query of ["?priceRange=cheap", "?sort=random", "?limit=100000", "?limit=abc"]) {
      const res = await t.app.inject({ url: `/api/products${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toEqual(expect.any(String));
    }
  });
});

describe("GET /api/products/:id", () => {
  it("returns one product", async () => {
    const res = await t.app.inject({ url: `/api/products/${ids.kurta}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.kurta, sku: "KRT-300", category: "formal", sizes: ["M", "L"] });
  });

  it("answers a missing or impossible id with a JSON 404", async () => {
    for (const id of ["999999", "abc", "-1", "99999999999"]) {
      const res = await t.app.inject({ url: `/api/products/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ error: "Product not found" });
    }
  });
});
