import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOCK_RELEASING_STATUSES } from "@shared/rules/stock.js";
import { orderStock } from "../../db/schema.js";
import {
  checkoutPayload,
  insertCategory,
  insertProduct,
  newSessionId,
  placeOrder,
  postOrder,
  productData,
  sendProduct,
  stockLeft,
  mobileNumber,
  takeOrderByHand,
  trackStock,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

const left = (productId: number, size: string, color: string) => stockLeft(t.db, productId, size, color);
const phone = (n: number) => mobileNumber(n, "0300");
const admin = () => ({ cookie: t.adminCookie });

describe("Product stock per size and colour", () => {
  it("stores the admin grid, fills missing combinations with 0 and derives the spec's flags", async () => {
    const data = productData({
      name: "Grid Kurta",
      sizes: ["S", "M"],
      colors: ["Red", "Blue"],
      variantStock: [
        { size: "S", color: "Red", quantity: 2 },
        { size: "M", color: "Red", quantity: 0 },
      ],
    });
    const res = await t.app.inject({ method: "POST", url: "/api/products", payload: data, headers: admin() });
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product.variantStock).toEqual([
      { size: "S", color: "Red", quantity: 2 },
      { size: "S", color: "Blue", quantity: 0 },
      { size: "M", color: "Red", quantity: 0 },
      { size: "M", color: "Blue", quantity: 0 },
    ]);
    expect(product.inStock).toBe(1);
    expect(product.colorVariantStock).toEqual({ Red: true, Blue: false });

    const stopped = await t.app.inject({
      method: "PUT",
      url: `/api/products/${product.id}`,
      payload: { ...data, variantStock: null },
      headers: admin(),
    });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().variantStock).toBeUndefined();
    expect(stopped.json().colorVariantStock).toEqual({ Red: true, Blue: true });
  });

  it("keeps a tracked product's counts when a save does not name them", async () => {
    const p = await insertProduct(t.db, { sizes: ["S"], colors: ["Red"] });
    await trackStock(t.db, p, [{ size: "S", color: "Red", quantity: 7 }]);
    const data = productData({ name: p.name, sizes: ["S", "M"], colors: ["Red"] });
    const res = await t.app.inject({ method: "PUT", url: `/api/products/${p.id}`, payload: data, headers: admin() });
    expect(res.json().variantStock).toEqual([
      { size: "S", color: "Red", quantity: 7 },
      { size: "M", color: "Red", quantity: 0 },
    ]);
  });

  it("refuses a negative or fractional quantity with a message on the field", async () => {
    const data = productData({ variantStock: [{ size: "S", color: "Red", quantity: -1 }] });
    const res = await t.app.inject({ method: "POST", url: "/api/products", payload: data, headers: admin() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Stock cannot be below 0");
  });

  it("is shown to shoppers, the public product carrying the same list", async () => {
    const p = await insertProduct(t.db, { sizes: ["M"], colors: ["Red", "Blue"] });
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 2 }]);
    t.app.catalogueCache.invalidate();
    const res = await t.app.inject({ method: "GET", url: `/api/products/${p.id}` });
    expect(res.json().variantStock).toEqual([
      { size: "M", color: "Red", quantity: 2 },
      { size: "M", color: "Blue", quantity: 0 },
    ]);
    expect(res.json().colorVariantStock).toEqual({ Red: true, Blue: false });
  });
});

describe("POST /api/cart with tracked stock", () => {
  it("refuses more than is left, counting what the cart already holds", async () => {
    const p = await insertProduct(t.db, { sizes: ["M"], colors: ["Red"] });
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 2 }]);
    const sessionId = newSessionId();
    const add = (quantity: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/cart",
        payload: { productId: p.id, size: "M", color: "Red", quantity, sessionId },
      });
    expect((await add(2)).statusCode).toBe(201);
    const refused = await add(1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Only 2 left of ${p.name} (M / Red); please lower the quantity (2 already in your cart)`,
    );
  });

  it("refuses raising a line past what is left", async () => {
    const p = await insertProduct(t.db, { sizes: ["M"], colors: ["Red"] });
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 3 }]);
    const sessionId = newSessionId();
    const added = await t.app.inject({
      method: "POST",
      url: "/api/cart",
      payload: { productId: p.id, size: "M", color: "Red", quantity: 1, sessionId },
    });
    const update = (quantity: number) =>
      t.app.inject({
        method: "PUT",
        url: `/api/cart/${added.json().id}`,
        payload: { quantity },
        headers: { "x-session-id": sessionId },
      });
    expect((await update(3)).statusCode).toBe(200);
    const refused = await update(4);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`Only 3 left of ${p.name} (M / Red); please lower the quantity`);
  });
});

describe("POST /api/orders with tracked stock", () => {
  it("takes the ordered quantities in the same statement and records what the order holds", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 6 }]);
    const order = await placeOrder(t.app, [
      { productId: p.id, quantity: 2 },
      { productId: p.id, quantity: 1 },
    ]);
    expect(await left(p.id, "M", "Red")).toBe(3);
    const held = await t.db.select().from(orderStock).where(eq(orderStock.orderId, order.id));
    expect(held).toMatchObject([{ productId: p.id, size: "M", color: "Red", quantity: 3, held: true }]);
  });

  it("refuses with 409 naming the item and how many are left, storing nothing", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [
      { size: "M", color: "Red", quantity: 2 },
      { size: "L", color: "Blue", quantity: 9 },
    ]);
    const res = await postOrder(
      t.app,
      checkoutPayload([
        { productId: p.id, size: "L", color: "Blue", quantity: 1 },
        { productId: p.id, quantity: 3 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`Only 2 left of ${p.name} (M / Red); please lower the quantity`);
    expect(await left(p.id, "L", "Blue")).toBe(9);
    expect(await left(p.id, "M", "Red")).toBe(2);
  });

  it("says a combination the grid holds none of is sold out", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "S", color: "Red", quantity: 4 }]);
    const res = await postOrder(t.app, checkoutPayload([{ productId: p.id, size: "M", color: "Blue" }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`${p.name} (M / Blue) is sold out; please remove it from your order`);
  });

  it("takes nothing for a retried Idempotency-Key", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 3 }]);
    const headers = { "idempotency-key": `stock-${p.id}` };
    const first = await postOrder(t.app, checkoutPayload([{ productId: p.id }]), headers);
    const again = await postOrder(t.app, checkoutPayload([{ productId: p.id }]), headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(await left(p.id, "M", "Red")).toBe(2);
  });

  it("leaves products without a grid as the spec has them", async () => {
    const p = await insertProduct(t.db);
    await placeOrder(t.app, [{ productId: p.id, quantity: 50 }]);
    expect(await left(p.id, "M", "Red")).toBeUndefined();
  });
});

describe("Giving stock back", () => {
  it("uses the same releasing statuses as the shared rules", async () => {
    const result = (await t.db.execute(sql`select stock_releasing_statuses() as s`)) as unknown as {
      rows: { s: string[] }[];
    };
    expect(result.rows[0].s).toEqual([...STOCK_RELEASING_STATUSES]);
  });

  it("gives it back once when an order is cancelled, however often it is cancelled", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 6 }]);
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 3 }], { customerPhone: phone(1) });
    expect(await left(p.id, "M", "Red")).toBe(3);
    const cancel = () =>
      t.app.inject({
        method: "PATCH",
        url: `/api/orders/${order.id}`,
        payload: { status: "cancelled", phone: phone(1) },
      });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(409);
    const asAdmin = await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${order.id}`,
      payload: { status: "cancelled" },
      headers: admin(),
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(await left(p.id, "M", "Red")).toBe(6);
  });

  it("gives a parcel's stock back once when it comes back to the store (returned)", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 6 }]);
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 3 }], { customerPhone: phone(5) });
    const setStatus = (status: string) =>
      t.app.inject({ method: "PATCH", url: `/api/orders/${order.id}`, payload: { status }, headers: admin() });
    expect((await setStatus("shipped")).statusCode).toBe(200);
    expect(await left(p.id, "M", "Red")).toBe(3);
    expect((await setStatus("returned")).statusCode).toBe(200);
    expect(await left(p.id, "M", "Red")).toBe(6);
    expect((await setStatus("cancelled")).statusCode).toBe(200);
    expect(await left(p.id, "M", "Red")).toBe(6);
  });

  it("takes it again when the admin reopens a cancelled order, and refuses when it is gone", async () => {
    const p = await insertProduct(t.db);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 4 }]);
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 2 }], { customerPhone: phone(2) });
    const setStatus = (status: string) =>
      t.app.inject({ method: "PATCH", url: `/api/orders/${order.id}`, payload: { status }, headers: admin() });
    await setStatus("cancelled");
    expect(await left(p.id, "M", "Red")).toBe(4);
    expect((await setStatus("processing")).statusCode).toBe(200);
    expect(await left(p.id, "M", "Red")).toBe(2);

    await setStatus("cancelled");
    const taken = await takeOrderByHand(t.app, t.adminCookie, { productId: p.id, quantity: 3 }, phone(3));
    expect(taken.statusCode).toBe(201);
    const refused = await setStatus("pending");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Not enough stock is left for this order: /);
    expect(await left(p.id, "M", "Red")).toBe(1);
  });

  it("holds nothing for orders placed before the product tracked stock", async () => {
    const p = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: p.id, quantity: 2 }], { customerPhone: phone(4) });
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 1 }]);
    await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${order.id}`,
      payload: { status: "cancelled" },
      headers: admin(),
    });
    expect(await left(p.id, "M", "Red")).toBe(1);
  });
});

describe("GET /api/admin/stock/low", () => {
  it("lists tracked variants at 5 or fewer, fewest first, for staff only", async () => {
    const p = await insertProduct(t.db, { name: "Low Stock Shawl", sizes: ["S"], colors: ["Red", "Blue"] });
    await trackStock(t.db, p, [
      { size: "S", color: "Red", quantity: 3 },
      { size: "S", color: "Blue", quantity: 40 },
    ]);
    const res = await t.app.inject({ method: "GET", url: "/api/admin/stock/low?limit=200", headers: admin() });
    expect(res.statusCode).toBe(200);
    const mine = res.json().items.filter((i: { productId: number }) => i.productId === p.id);
    expect(mine).toEqual([
      {
        productId: p.id,
        productName: "Low Stock Shawl",
        handle: p.handle,
        variantId: p.variants.find((v) => v.color === "Red")!.id,
        options: { Size: "S", Color: "Red" },
        variant: "S / Red",
        sku: p.sku,
        size: "S",
        color: "Red",
        quantity: 3,
      },
    ]);
    const quantities = res.json().items.map((i: { quantity: number }) => i.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    expect((await t.app.inject({ method: "GET", url: "/api/admin/stock/low" })).statusCode).toBe(401);
  });

  it("names a variant by all its options in its product's order, with its own SKU, and a product without options as 'One size'", async () => {
    const created = await sendProduct(t, "POST", "/api/products", {
      productData: JSON.stringify(
        productData({
          name: "Low Stock Lawn",
          sku: "LSL",
          trackStock: true,
          options: [
            { name: "Make", values: ["Unstitched", "Stitched"] },
            { name: "Size", values: ["M"] },
            { name: "Color", values: ["Red"] },
          ],
          variants: [
            { options: { Color: "Red", Size: "M", Make: "Unstitched" }, price: "4990", sku: "LSL-U", stock: 2 },
            { options: { Make: "Stitched", Size: "M", Color: "Red" }, price: "6490", stock: 1 },
          ],
        }),
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const lawn = created.json();
    const plain = await insertProduct(t.db, { name: "Low Stock Dupatta", sizes: [], colors: [] });
    await trackStock(t.db, plain, [{ size: "", color: "", quantity: 4 }]);
    const res = await t.app.inject({ method: "GET", url: "/api/admin/stock/low?limit=200", headers: admin() });
    const mine = res
      .json()
      .items.filter((i: { productId: number }) => i.productId === lawn.id || i.productId === plain.id)
      .map((i: { productName: string; handle: string; variant: string; sku: string; quantity: number }) => [
        i.productName,
        i.handle,
        i.variant,
        i.sku,
        i.quantity,
      ]);
    expect(mine).toEqual([
      ["Low Stock Lawn", lawn.handle, "Stitched / M / Red", "LSL", 1],
      ["Low Stock Lawn", lawn.handle, "Unstitched / M / Red", "LSL-U", 2],
      ["Low Stock Dupatta", plain.handle, "One size", plain.sku, 4],
    ]);
  });
});
