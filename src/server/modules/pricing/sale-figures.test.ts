import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bestSale, toPaisa, type DiscountRule } from "@shared/rules/discounts.js";
import { queryRows } from "../../db/rows.js";
import { products } from "../../db/schema.js";
import { checkoutPayload, insertCategory, insertProduct, postOrder } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { shownPriceOf } from "./sale-price-sql.js";

/** What an automatic sale took off, kept per order and per line (decision 024), and the catalogue's price order during a sale. */
let t: TestContext;
let gown: { id: number };
let shawl: { id: number };
let clutch: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "party");
  await insertCategory(t.db, "accessories");
  gown = await insertProduct(t.db, { name: "Velvet Gown", price: "6400.00", category: "party" });
  shawl = await insertProduct(t.db, { name: "Wool Shawl", price: "3500.00", category: "accessories" });
  clutch = await insertProduct(t.db, { name: "Beaded Clutch", price: "4500.00", category: "accessories" });
});
afterAll(() => t.close());

const admin = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: t.adminCookie }, payload });

describe("An order placed during an automatic sale", () => {
  let saleId: number;
  it("records what the sale took off: each line's regular price and sale, and the order's saleDiscount", async () => {
    const sale = await admin("POST", "/api/admin/discounts", {
      code: null,
      kind: "percent",
      value: 50,
      categories: ["party"],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    saleId = sale.json().id;
    const placed = await postOrder(
      t.app,
      checkoutPayload([
        { productId: gown.id, quantity: 2 },
        { productId: shawl.id, quantity: 1 },
      ]),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order).toMatchObject({ subtotal: "9900.00", saleDiscount: "6400.00", discount: "0.00", total: "9900.00" });
    expect(order.items[0]).toMatchObject({ price: 3200, regularPrice: 6400, saleId });
    expect(order.items[1]).not.toHaveProperty("regularPrice");

    // The admin's order view reads the same parts back from the database.
    const adminView = (await admin("GET", `/api/orders/${order.id}`)).json();
    expect(adminView).toMatchObject({ saleDiscount: "6400.00", subtotal: "9900.00" });
    expect(adminView.items[0]).toMatchObject({ price: 3200, regularPrice: 6400, saleId });
  });

  it("shows the sale's uses, orders, revenue, returns and what it took off in the Discounts list, like a code's", async () => {
    const second = await postOrder(t.app, checkoutPayload([{ productId: gown.id, quantity: 1 }]));
    expect(second.statusCode, second.body).toBe(201);
    await postOrder(t.app, checkoutPayload([{ productId: clutch.id, quantity: 1 }])); // out of the sale's scope
    const listed = () =>
      admin("GET", "/api/admin/discounts").then((r) => r.json().find((d: { id: number }) => d.id === saleId));
    expect(await listed()).toMatchObject({ uses: 2, orders: 2, revenue: 9900 + 3200, returned: 0, amountOff: 9600 });

    const cancelled = await admin("PATCH", `/api/orders/${second.json().id}`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await listed()).toMatchObject({ uses: 1, orders: 2, revenue: 9900, amountOff: 6400 });
  });
});

describe("The catalogue during a sale", () => {
  it("sorts and filters by the price the shopper sees", async () => {
    // The gown sells at Rs. 3,200 under the 50% sale: cheaper than the shawl and the clutch.
    const asc = (await t.app.inject({ url: "/api/products?sort=price-asc" })).json();
    expect(asc.map((p: { id: number }) => p.id)).toEqual([gown.id, shawl.id, clutch.id]);
    const desc = (await t.app.inject({ url: "/api/products?sort=price-desc&page=1" })).json();
    expect(desc.products.map((p: { id: number }) => p.id)).toEqual([clutch.id, shawl.id, gown.id]);
    const underSix = (await t.app.inject({ url: "/api/products?priceRange=3000-6000" })).json();
    expect(underSix.map((p: { id: number }) => p.id).sort()).toEqual([gown.id, shawl.id, clutch.id].sort());
    const overSix = (await t.app.inject({ url: "/api/products?priceRange=6000%2B" })).json();
    expect(overSix).toEqual([]);
  });

  it("prices in SQL exactly as the shared rule does, over random prices and sales", async () => {
    const sale = fc.record({
      kind: fc.constantFrom("percent" as const, "fixed" as const),
      value: fc.integer({ min: 1, max: 100 }),
      fixedValue: fc.integer({ min: 1, max: 9000 }),
      categories: fc.subarray(["party", "accessories", 'it\'s "odd", a slug']),
      everything: fc.boolean(),
    });
    const ids = [gown.id, shawl.id, clutch.id];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 3, maxLength: 3 }),
        fc.array(sale, { minLength: 1, maxLength: 3 }),
        fc.subarray(ids),
        async (paisa, drawn, productIds) => {
          const sales: DiscountRule[] = drawn.map((s, n) => ({
            id: n + 1,
            code: null,
            kind: s.kind,
            value: s.kind === "percent" ? s.value : s.fixedValue,
            minSubtotal: null,
            startsAt: null,
            endsAt: null,
            usageLimit: null,
            perPhoneLimit: null,
            categories: s.everything ? [] : s.categories,
            productIds: s.everything ? [] : productIds,
            active: true,
          }));
          // The products themselves take the drawn prices (this is the file's last test).
          for (const [n, id] of ids.entries())
            await t.db.execute(
              sql`update products set price = ${(paisa[n] / 100).toFixed(2)}::numeric where id = ${id}`,
            );
          const rows = await queryRows<{ id: number; category: string; regular: string; shown: string }>(
            t.db,
            sql`select ${products.id} as id, ${products.category} as category, ${products.price}::text as regular,
                       (${shownPriceOf(sales)})::numeric(12, 2)::text as shown
                from ${products}`,
          );
          for (const r of rows) {
            const expected = bestSale(toPaisa(r.regular), { productId: r.id, category: r.category }, sales).pricePaisa;
            expect(toPaisa(r.shown), JSON.stringify({ r, sales })).toBe(expected);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
