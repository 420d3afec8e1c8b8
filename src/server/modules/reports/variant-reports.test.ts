import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProduct, insertCategory, insertProduct, placeOrder } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { computeAnalytics } from "./analytics-service.js";
import { ANALYTICS_FROM_ORDERS } from "./raw-sources.js";

/**
 * The reports group and name sales by variant (issue 40): two makes of one size and colour are
 * two variants, a product without options is "One size", and the roll-ups still equal the orders.
 */
let t: TestContext;
let lawn: { id: number; variants: { id: number; options: Record<string, string> }[] };
let dupatta: { id: number };
const variantId = (make: string) => lawn.variants.find((v) => v.options.Make === make)!.id;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
  lawn = await createProduct(t, {
    name: "Lawn suit",
    sku: "",
    options: [
      { name: "Make", values: ["Unstitched", "Stitched"] },
      { name: "Size", values: ["S"] },
      { name: "Color", values: ["Red"] },
    ],
    variants: [
      { options: { Make: "Unstitched", Size: "S", Color: "Red" }, price: "4990" },
      { options: { Make: "Stitched", Size: "S", Color: "Red" }, price: "6490" },
    ],
  });
  dupatta = await insertProduct(t.db, { name: "Silk dupatta", category: "casual", sizes: [], colors: [] });
  await placeOrder(t.app, [{ productId: lawn.id, variantId: variantId("Stitched"), quantity: 2 }]);
  await placeOrder(t.app, [
    { productId: lawn.id, variantId: variantId("Unstitched"), quantity: 1 },
    { productId: dupatta.id, size: "", color: "", quantity: 3 },
  ]);
});
afterAll(() => t.close());

describe("the Overview's top variants", () => {
  it("are variants: two makes of one size and colour apart, each named in its product's option order", async () => {
    const res = await t.app.inject({ url: "/api/admin/analytics", headers: { cookie: t.adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().topVariants).toEqual([
      {
        productId: dupatta.id,
        productName: "Silk dupatta",
        variantId: expect.any(Number),
        options: {},
        variant: "One size",
        color: "No Color",
        size: "No Size",
        quantity: 3,
        revenue: 7500,
      },
      {
        productId: lawn.id,
        productName: "Lawn suit",
        variantId: variantId("Stitched"),
        options: { Make: "Stitched", Size: "S", Color: "Red" },
        variant: "Stitched / S / Red",
        color: "Red",
        size: "S",
        quantity: 2,
        revenue: 12980,
      },
      {
        productId: lawn.id,
        productName: "Lawn suit",
        variantId: variantId("Unstitched"),
        options: { Make: "Unstitched", Size: "S", Color: "Red" },
        variant: "Unstitched / S / Red",
        color: "Red",
        size: "S",
        quantity: 1,
        revenue: 4990,
      },
    ]);
  });

  it("equal the ones counted straight from the order lines, and keep the totals", async () => {
    const fromRollups = await computeAnalytics(t.db, {});
    expect(fromRollups).toEqual(await computeAnalytics(t.db, {}, ANALYTICS_FROM_ORDERS));
    expect(fromRollups.topProducts.map((p) => [p.productName, p.quantity, p.revenue])).toEqual([
      ["Lawn suit", 3, 17970],
      ["Silk dupatta", 3, 7500],
    ]);
  });
});
