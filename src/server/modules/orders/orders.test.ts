import { orderNumber } from "@shared/rules/labels.js";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, orderStatusEvents, products, productVariants } from "../../db/schema.js";
import { checkoutPayload, insertProduct, makeImage, newSessionId, placeOrder, postOrder } from "../../test/factory.js";
import { storeImages } from "../images/image-service.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orderCount = async () => Number((await t.db.select({ n: count() }).from(orders))[0].n);

describe("POST /api/orders", () => {
  it("places a pending order priced from the catalogue, ignoring the client's amounts", async () => {
    const suit = await insertProduct(t.db, { price: "2500.00", name: "Lawn Suit" });
    const scarf = await insertProduct(t.db, { price: "999.50", name: "Silk Scarf", sizes: [], colors: ["Pink"] });
    const sessionId = newSessionId();
    const res = await postOrder(
      t.app,
      checkoutPayload(
        [
          { productId: suit.id, quantity: 2, size: "M", color: "Red", price: 1, productName: "cheap" },
          { productId: scarf.id, quantity: 1, size: "", color: "pink", price: 0 },
        ],
        { subtotal: "1", total: "1", sessionId },
      ),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      status: "pending",
      customerName: "Ayesha Khan",
      city: "Lahore",
      subtotal: "5999.50",
      tax: "0.00",
      total: "5999.50",
      paymentMethod: "cod",
      // The caller gets back the whole order it placed (SPEC §3), its own address included.
      customerEmail: "ayesha@example.com",
      shippingAddress: "House 12, Street 4, Model Town",
      postalCode: "54000",
      specialInstructions: "",
      items: [
        { productId: suit.id, productName: "Lawn Suit", quantity: 2, size: "M", color: "Red", price: 2500 },
        { productId: scarf.id, productName: "Silk Scarf", quantity: 1, size: "", color: "Pink", price: 999.5 },
      ],
    });
    expect(order).not.toHaveProperty("sessionId");
    const [event] = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id));
    expect(event).toMatchObject({ status: "pending", actor: "customer" });
  });

  it("answers each checkout field with the spec's message, keyed by field, and writes nothing", async () => {
    const product = await insertProduct(t.db);
    const before = await orderCount();
    const res = await postOrder(
      t.app,
      checkoutPayload([{ productId: product.id }], {
        customerName: " ",
        customerPhone: "12345",
        customerEmail: "not-an-email",
        shippingAddress: "short",
        city: "",
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toMatchObject({
      customerName: "First name is required",
      customerPhone: "Phone number must be at least 10 characters",
      customerEmail: "Invalid email address",
      shippingAddress: "Address must be at least 10 characters",
      city: "City is required",
    });
    expect(await orderCount()).toBe(before);
  });

  it("accepts an empty email and refuses a wrong-typed one with the spec's message", async () => {
    const product = await insertProduct(t.db);
    const ok = await postOrder(t.app, checkoutPayload([{ productId: product.id }], { customerEmail: "" }));
    expect(ok.statusCode).toBe(201);
    const bad = await postOrder(t.app, checkoutPayload([{ productId: product.id }], { customerEmail: 42 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.customerEmail).toBe("Invalid email address");
  });

  it("refuses malformed JSON, wrong types and an empty cart with a 4xx message and writes nothing", async () => {
    const before = await orderCount();
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    const wrongTypes = await postOrder(t.app, { ...checkoutPayload([]), items: "all of them" });
    const empty = await postOrder(t.app, checkoutPayload([]));
    const badItem = await postOrder(t.app, checkoutPayload([{ productId: "abc" as unknown as number, quantity: 0 }]));
    const online = await postOrder(t.app, { ...checkoutPayload([{ productId: 1 }]), paymentMethod: "online" });
    for (const res of [malformed, wrongTypes, empty, badItem, online]) {
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe("string");
    }
    expect(empty.json().error).toBe("Your cart is empty");
    expect(badItem.json().details["items.0.productId"]).toBe("Each item needs a product id");
    expect(online.json().error).toMatch(/Cash on Delivery/);
    expect(await orderCount()).toBe(before);
  });

  it("refuses with 409, naming the item, a product that is gone, out of stock, or not offered as chosen", async () => {
    const gone = await postOrder(t.app, checkoutPayload([{ productId: 987654, productName: "Old Kurta" }]));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toMatch(/"Old Kurta" is no longer available/);

    const sold = await insertProduct(t.db, { name: "Sold Out Suit", inStock: false });
    const colorOut = await insertProduct(t.db, { name: "Blue Gone Suit", colorVariantStock: { Blue: false } });
    const noXL = await insertProduct(t.db, { name: "No XL Suit" });
    const cases = [
      [{ productId: sold.id }, /Sold Out Suit is out of stock/],
      [{ productId: colorOut.id, color: "Blue" }, /Blue Gone Suit: This color variant is out of stock/],
      [{ productId: noXL.id, size: "XL" }, /Size XL is not available for No XL Suit/],
      [{ productId: noXL.id, color: "Green" }, /Color Green is not available for No XL Suit/],
    ] as const;
    const before = await orderCount();
    for (const [item, message] of cases) {
      const res = await postOrder(t.app, checkoutPayload([{ productId: noXL.id }, item]));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(message);
    }
    expect(await orderCount()).toBe(before);
  });

  it("places one order for one Idempotency-Key, returning it again on a retry", async () => {
    const product = await insertProduct(t.db);
    const headers = { "idempotency-key": `retry-${newSessionId()}` };
    const first = await postOrder(t.app, checkoutPayload([{ productId: product.id }]), headers);
    const retry = await postOrder(t.app, checkoutPayload([{ productId: product.id }]), headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    const stored = await t.db.select().from(orders).where(eq(orders.idempotencyKey, headers["idempotency-key"]));
    expect(stored).toHaveLength(1);
    const someoneElse = await postOrder(
      t.app,
      checkoutPayload([{ productId: product.id }], { customerPhone: "03219876543" }),
      headers,
    );
    expect(someoneElse.statusCode).toBe(409);
    expect(someoneElse.body).not.toContain(first.json().id);
  });

  it("answers a retry with the order already placed, even once the product has sold out", async () => {
    const product = await insertProduct(t.db, { name: "Last One Suit" });
    const headers = { "idempotency-key": `sold-since-${newSessionId()}` };
    const first = await postOrder(t.app, checkoutPayload([{ productId: product.id }]), headers);
    await t.db.update(products).set({ inStock: false }).where(eq(products.id, product.id));
    const retry = await postOrder(t.app, checkoutPayload([{ productId: product.id }]), headers);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const fresh = await postOrder(t.app, checkoutPayload([{ productId: product.id }]), {
      "idempotency-key": `new-${newSessionId()}`,
    });
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().error).toMatch(/Last One Suit is out of stock/);
  });

  it("answers with exactly the order it stored", async () => {
    const [front, red] = await storeImages(
      t.db,
      [
        { filename: "front.png", bytes: await makeImage() },
        { filename: "red.png", bytes: await makeImage() },
      ],
      1600,
    );
    const product = await insertProduct(t.db, {
      price: "1234.50",
      images: [front.id],
      colorVariantImages: { Red: [red.id] },
    });
    const placed = await placeOrder(t.app, [{ productId: product.id, quantity: 3, size: "m", color: "red" }], {
      specialInstructions: "Call before coming",
    });
    const tracked = await t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { phone: placed.customerPhone, orderNumber: orderNumber(placed.id) },
    });
    const stored = tracked.json().find((o: { id: string }) => o.id === placed.id);
    expect(stored).toEqual({
      id: placed.id,
      orderNumber: orderNumber(placed.id),
      createdAt: placed.createdAt,
      status: placed.status,
      customerName: placed.customerName,
      customerPhone: placed.customerPhone,
      city: placed.city,
      total: placed.total,
      // What the shopper pays, part by part (issue 24).
      subtotal: placed.subtotal,
      saleDiscount: "0.00",
      discount: "0.00",
      deliveryFee: "0.00",
      codFee: "0.00",
      codAmount: placed.total,
      discountCode: null,
      advance: placed.advance,
      items: placed.items,
      courier: null,
      trackingNumber: null,
      trackingUrl: null,
      shippedAt: null,
      deliveredAt: null,
      returnedAt: null,
      returns: [],
    });
    expect(placed).toMatchObject({ subtotal: "3703.50", tax: "0.00", total: "3703.50", paymentMethod: "cod" });
    expect(JSON.parse(String((placed.items as { selectedImage: string }[])[0].selectedImage))).toEqual(red);
  });

  it("prices from the product as it is now, however it was changed since the last order", async () => {
    const product = await insertProduct(t.db, { price: "1000.00", name: "Changing Suit" });
    const first = await placeOrder(t.app, [{ productId: product.id }]);
    // Changed behind the server's back (another app server, or psql): no cache is told. A price is
    // its variants' (decision 038), saved with the product row, as the product form saves them.
    await t.db.update(productVariants).set({ price: "1500.00" }).where(eq(productVariants.productId, product.id));
    await t.db.update(products).set({ price: "1500.00" }).where(eq(products.id, product.id));
    const second = await placeOrder(t.app, [{ productId: product.id }]);
    expect([first.total, second.total]).toEqual(["1000.00", "1500.00"]);

    await t.db
      .update(products)
      .set({ sizes: ["L"] })
      .where(eq(products.id, product.id));
    const noLongerM = await postOrder(t.app, checkoutPayload([{ productId: product.id, size: "M" }]));
    expect(noLongerM.statusCode).toBe(409);
    expect(noLongerM.json().error).toMatch(/Size M is not available for Changing Suit/);

    await t.db.delete(products).where(eq(products.id, product.id));
    const gone = await postOrder(t.app, checkoutPayload([{ productId: product.id, size: "L" }]));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toMatch(/no longer available/);
  });

  it("places one order when two requests with the same Idempotency-Key arrive at once", async () => {
    const product = await insertProduct(t.db);
    const key = `double-tap-${newSessionId()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        postOrder(t.app, checkoutPayload([{ productId: product.id }]), { "idempotency-key": key }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const stored = await t.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(stored).toHaveLength(1);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, stored[0].id));
    expect(items).toHaveLength(1);
  });

  it("stores 50 orders placed at the same moment as 50 distinct orders with their items", async () => {
    const product = await insertProduct(t.db, { price: "1000.00" });
    const phones = Array.from({ length: 50 }, (_, i) => `0345${String(1000000 + i)}`);
    const results = await Promise.all(
      phones.map((phone, i) =>
        postOrder(t.app, checkoutPayload([{ productId: product.id, quantity: (i % 3) + 1 }], { customerPhone: phone })),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const ids = results.map((r) => r.json().id);
    expect(new Set(ids).size).toBe(50);
    for (const [i, res] of results.entries()) expect(res.json().total).toBe(`${((i % 3) + 1) * 1000}.00`);
    const items = await t.db
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(new Set(items.map((i) => i.orderId))).toEqual(new Set(ids));
    expect(items).toHaveLength(50);
  });
});

describe("GET /api/orders/mine", () => {
  it("lists only the orders placed from this browser session", async () => {
    const product = await insertProduct(t.db);
    const mine = newSessionId();
    const placed = await placeOrder(t.app, [{ productId: product.id }], { sessionId: mine });
    await placeOrder(t.app, [{ productId: product.id }], { sessionId: newSessionId() });
    const res = await t.app.inject({ url: "/api/orders/mine", headers: { "x-session-id": mine } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { id: string }) => o.id)).toEqual([placed.id]);
    const viaHeader = newSessionId();
    const placedWithHeader = await placeOrder(t.app, [{ productId: product.id }], {}, { "x-session-id": viaHeader });
    const byHeader = await t.app.inject({ url: `/api/orders/mine?sessionId=${viaHeader}` });
    expect(byHeader.json().map((o: { id: string }) => o.id)).toEqual([placedWithHeader.id]);
    const missing = await t.app.inject({ url: "/api/orders/mine" });
    expect(missing.statusCode).toBe(400);
  });
});
