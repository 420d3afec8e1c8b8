import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "../../db/schema.js";
import { countRows, insertCategory, productData, sendProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

const LAWN_OPTIONS = [
  { name: "Make", values: ["Unstitched", "Stitched"] },
  { name: "Size", values: ["S", "M"] },
];
let made = 0;
/** Size only for the Stitched make: three variants of four combinations, SKUs of their own (LWN<n>-…). */
const lawnVariants = (overrides: Record<number, Record<string, unknown>> = {}) => {
  const n = ++made;
  return [
    { options: { Make: "Unstitched", Size: "S" }, price: "4990", sku: `LWN${n}-U` },
    { options: { Make: "Stitched", Size: "S" }, price: "6490", originalPrice: "7000", sku: `LWN${n}-S-S`, stock: 3 },
    { options: { Make: "Stitched", Size: "M" }, price: "6490", sku: `LWN${n}-S-M`, stock: 0 },
  ].map((v, i) => ({ ...v, ...overrides[i] }));
};

async function send(method: "POST" | "PUT", url: string, data: Record<string, unknown>) {
  return sendProduct(t, method, url, { productData: JSON.stringify(productData(data)) });
}

/** A refused save: 400, a message per field, and nothing written. */
async function expectRefused(method: "POST" | "PUT", url: string, data: Record<string, unknown>) {
  const before = [await countRows(t.db, products), await countRows(t.db, productVariants)];
  const res = await send(method, url, data);
  expect(res.statusCode, res.body).toBe(400);
  expect([await countRows(t.db, products), await countRows(t.db, productVariants)]).toEqual(before);
  return (res.json() as unknown as { error: string; details: Record<string, string> }).details;
}

describe("POST /api/products with options and variants", () => {
  it("stores the variants sold with their own prices, SKUs and stock; the product's price is the cheapest available", async () => {
    const res = await send("POST", "/api/products", {
      name: "Lawn suit",
      sku: "LWN",
      price: undefined,
      sizes: [],
      colors: [],
      options: LAWN_OPTIONS,
      variants: lawnVariants({ 0: { stock: 0 } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json();
    expect(product.options).toEqual(LAWN_OPTIONS);
    expect(product.sizes).toEqual(["S", "M"]);
    expect(product.colors).toEqual([]);
    expect(product.variants).toEqual([
      expect.objectContaining({
        options: { Make: "Unstitched", Size: "S" },
        price: "4990.00",
        sku: "LWN1-U",
        available: false,
        stock: 0,
      }),
      expect.objectContaining({
        options: { Make: "Stitched", Size: "S" },
        price: "6490.00",
        originalPrice: "7000.00",
        available: true,
        stock: 3,
      }),
      expect.objectContaining({ options: { Make: "Stitched", Size: "M" }, available: false, stock: 0 }),
    ]);
    // The Unstitched make is sold out: the cheapest available is Stitched at Rs. 6,490.
    expect([product.price, product.originalPrice]).toEqual(["6490.00", "7000.00"]);
    const read = await t.app.inject({ method: "GET", url: `/api/products/${product.id}` });
    expect(read.json().variants.map((v: { id: number }) => v.id)).toEqual(
      product.variants.map((v: { id: number }) => v.id),
    );
  });

  it("without options or variants, sells every size × colour at the product's price, as today", async () => {
    const res = await send("POST", "/api/products", { sku: "PLAIN-1" });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json();
    expect(product.price).toBe("3500.00");
    expect(product.options).toEqual([
      { name: "Size", values: ["S", "M", "L"] },
      { name: "Color", values: ["Red", "Blue"] },
    ]);
    expect(product.variants).toHaveLength(6);
    expect(product.variants[0]).toMatchObject({
      options: { Size: "S", Color: "Red" },
      price: "3500.00",
      available: true,
    });
    expect(product.variants[0].stock).toBeUndefined();
  });
});

describe("PUT /api/products/{id} with options and variants", () => {
  it("keeps the ids of the combinations it keeps, drops the others, and moves the price with them", async () => {
    const created = (
      await send("POST", "/api/products", { sku: "", options: LAWN_OPTIONS, variants: lawnVariants() })
    ).json();
    const [unstitched, stitchedS] = created.variants;
    const res = await send("PUT", `/api/products/${created.id}`, {
      sku: "",
      options: LAWN_OPTIONS.map((o) => (o.name === "Size" ? { ...o, values: ["S"] } : o)),
      variants: [
        { options: { Make: "Stitched", Size: "S" }, price: "5990", sku: unstitched.sku },
        { options: { Make: "Unstitched", Size: "S" }, price: "5500", sku: stitchedS.sku },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json();
    expect(updated.variants.map((v: { id: number }) => v.id)).toEqual([stitchedS.id, unstitched.id]);
    // Unstitched has no unit counted (0): the cheapest available is Stitched at Rs. 5,990.
    expect(updated.price).toBe("5990.00");
    // No stock named: counts kept for the variants that stay.
    expect(updated.variants[0].stock).toBe(3);
    const rows = await t.db.select().from(productVariants).where(eq(productVariants.productId, created.id));
    expect(rows).toHaveLength(2);
  });

  it("an old form's save of sizes and colours keeps a product's other options and their prices", async () => {
    const created = (
      await send("POST", "/api/products", {
        sku: "",
        options: LAWN_OPTIONS,
        variants: lawnVariants({ 0: { sku: "" }, 1: { sku: null }, 2: { sku: undefined } }),
      })
    ).json();
    const res = await send("PUT", `/api/products/${created.id}`, { sku: "", name: "Lawn suit, renamed" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().variants.map((v: { price: string }) => v.price)).toEqual(["4990.00", "6490.00", "6490.00"]);
    expect(res.json().options).toEqual(LAWN_OPTIONS);
  });
});

describe("bad options and variants", () => {
  it("refuses a variant without a price, naming the variant", async () => {
    const details = await expectRefused("POST", "/api/products", {
      options: LAWN_OPTIONS,
      variants: lawnVariants({ 1: { price: "" } }),
    });
    expect(details["variants.1.price"]).toMatch(/Give this variant a price/);
  });

  it("refuses a SKU used twice in the product or by another product's variant", async () => {
    const twice = await expectRefused("POST", "/api/products", {
      options: LAWN_OPTIONS,
      variants: lawnVariants({ 2: { sku: "TWICE-1" }, 1: { sku: "TWICE-1" } }),
    });
    expect(twice["variants.2.sku"]).toMatch(/already variant 2's/);
    await send("POST", "/api/products", {
      sku: "",
      options: LAWN_OPTIONS,
      variants: lawnVariants({ 0: { sku: "TAKEN-1" }, 1: { sku: "" }, 2: { sku: "" } }),
    });
    const elsewhere = await expectRefused("POST", "/api/products", {
      options: LAWN_OPTIONS,
      variants: lawnVariants({ 0: { sku: "TAKEN-1" } }),
    });
    expect(elsewhere["variants.0.sku"]).toMatch(/TAKEN-1 is already another product's/);
  });

  it("refuses more than three options", async () => {
    const details = await expectRefused("POST", "/api/products", {
      options: [...LAWN_OPTIONS, { name: "Color", values: ["Red"] }, { name: "Pieces", values: ["2"] }],
      variants: [{ options: { Make: "Stitched", Size: "S", Color: "Red", Pieces: "2" }, price: "1" }],
    });
    expect(details.options).toMatch(/at most 3 options/);
  });

  it("refuses an option value no variant uses", async () => {
    const details = await expectRefused("POST", "/api/products", {
      options: [LAWN_OPTIONS[0], { name: "Size", values: ["S", "M", "XL"] }],
      variants: lawnVariants(),
    });
    expect(details["options.1.values"]).toMatch(/No variant is XL/);
  });

  it("refuses a variant whose options are not the product's", async () => {
    const details = await expectRefused("POST", "/api/products", {
      options: LAWN_OPTIONS,
      variants: [...lawnVariants(), { options: { Make: "Pret" }, price: "3000" }],
    });
    expect(details["variants.3.options"]).toMatch(/one listed value for each of the product's options \(Make, Size\)/);
  });
});
