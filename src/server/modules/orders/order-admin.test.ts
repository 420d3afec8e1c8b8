import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusEvents } from "../../db/schema.js";
import { insertProduct, newSessionId, placeOrder, setOrderStatus } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const asAdmin = () => ({ cookie: t.adminCookie });
const patch = (id: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, payload: payload as object, headers });
const statusOf = async (id: string) =>
  (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0].s;

describe("GET /api/orders", () => {
  it("refuses anonymous callers", async () => {
    const res = await t.app.inject({ url: "/api/orders" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/log in/);
  });

  it("pages newest first, filters by status and counts every status", async () => {
    const product = await insertProduct(t.db);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrder(t.app, [{ productId: product.id }]));
    await setOrderStatus(t.db, placed[0].id, "shipped");
    const page = (await t.app.inject({ url: "/api/orders?limit=2", headers: asAdmin() })).json();
    expect(page.orders.map((o: { id: string }) => o.id)).toEqual([placed[2].id, placed[1].id]);
    expect(page.orders[0]).toMatchObject({
      shippingAddress: "House 12, Street 4, Model Town",
      customerEmail: "ayesha@example.com",
    });
    expect(page.orders[0].items).toHaveLength(1);
    expect(page.counts).toMatchObject({ all: page.total, pending: page.total - 1, shipped: 1, cancelled: 0 });
    const shipped = (await t.app.inject({ url: "/api/orders?status=shipped", headers: asAdmin() })).json();
    expect(shipped.orders.map((o: { id: string }) => o.id)).toEqual([placed[0].id]);
    expect(shipped.total).toBe(1);
    const next = (await t.app.inject({ url: "/api/orders?limit=2&offset=2", headers: asAdmin() })).json();
    expect(next.orders.map((o: { id: string }) => o.id)).toEqual([placed[0].id]);
  });

  it("refuses an unknown status filter or a bad page size with a 400", async () => {
    const bad = await t.app.inject({ url: "/api/orders?status=lost", headers: asAdmin() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      "Status must be one of: pending, processing, shipped, delivered, returned, cancelled",
    );
    expect((await t.app.inject({ url: "/api/orders?limit=1000", headers: asAdmin() })).statusCode).toBe(400);
  });
});

describe("GET /api/orders/:id", () => {
  it("refuses anonymous callers", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }]);
    expect((await t.app.inject({ url: `/api/orders/${order.id}` })).statusCode).toBe(401);
  });

  it("shows the timeline, the customer's other orders with cancellations, and a WhatsApp link", async () => {
    const product = await insertProduct(t.db, { name: "Chiffon Dress", price: "4500.00" });
    const phone = "0321 7654321";
    const earlier = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "+923217654321" });
    await setOrderStatus(t.db, earlier.id, "cancelled");
    const order = await placeOrder(t.app, [{ productId: product.id, quantity: 2, size: "L", color: "Blue" }], {
      customerPhone: phone,
    });
    await patch(order.id, { status: "processing" }, asAdmin());

    const res = await t.app.inject({ url: `/api/orders/${order.id}`, headers: asAdmin() });
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.timeline.map((e: { status: string; actor: string }) => `${e.status}/${e.actor}`)).toEqual([
      "pending/customer",
      "processing/admin",
    ]);
    expect(detail.customerHistory).toEqual({
      orders: [{ id: earlier.id, createdAt: expect.any(String), status: "cancelled", total: "4500.00" }],
      cancelledCount: 1,
    });
    const url = new URL(detail.whatsappUrl);
    expect(url.origin + url.pathname).toBe("https://wa.me/923217654321");
    const text = url.searchParams.get("text")!;
    expect(text).toContain(`#${order.id.slice(0, 8).toUpperCase()}`);
    expect(text).toContain("Chiffon Dress (L, Blue) x 2");
    expect(text).toContain("Rs. 9,000");
    expect(text).toContain("House 12, Street 4, Model Town, Lahore");
  });

  it("answers an unknown or malformed id with 404", async () => {
    const unknown = await t.app.inject({ url: "/api/orders/00000000-0000-4000-8000-000000000000", headers: asAdmin() });
    const malformed = await t.app.inject({ url: "/api/orders/abc", headers: asAdmin() });
    expect([unknown.statusCode, malformed.statusCode]).toEqual([404, 404]);
    expect(unknown.json().error).toBe("Order not found");
  });

  it("answers a malformed id with the same 404 on every route that names one order or return", async () => {
    const routes: [string, string, object?][] = [
      ["GET", "/api/orders/abc"],
      ["PATCH", "/api/orders/abc", { status: "processing" }],
      ["POST", "/api/orders/abc/notes", { text: "Called the customer" }],
      ["GET", "/api/admin/orders/abc/messages"],
      ["POST", "/api/admin/orders/abc/whatsapp/resend"],
      ["POST", "/api/admin/orders/abc/cancel-booking"],
      ["GET", "/api/admin/orders/abc/courier-payment"],
      ["PATCH", "/api/admin/orders/abc/delivery-issue", { action: "return" }],
      ["PATCH", "/api/admin/orders/abc/advance", { status: "paid" }],
      ["PATCH", "/api/admin/returns/abc", { status: "approved" }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await t.app.inject({ method: method as "GET", url, headers: asAdmin(), payload });
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });
});

describe("PATCH /api/orders/:id as the admin", () => {
  it("sets any status and records it on the timeline", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }]);
    for (const status of ["delivered", "pending", "cancelled"]) {
      const res = await patch(order.id, { status }, asAdmin());
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const events = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id));
    expect(events.map((e) => `${e.status}/${e.actor}`)).toEqual([
      "pending/customer",
      "delivered/admin",
      "pending/admin",
      "cancelled/admin",
    ]);
  });

  it("refuses an unknown status listing the statuses, and an unknown id with 404, changing nothing", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }]);
    const badStatus = await patch(order.id, { status: "teleported" }, asAdmin());
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error).toBe(
      "Status must be one of: pending, processing, shipped, delivered, returned, cancelled",
    );
    const wrongType = await patch(order.id, { status: 5 }, asAdmin());
    expect(wrongType.statusCode).toBe(400);
    const unknown = await patch("00000000-0000-4000-8000-000000000000", { status: "shipped" }, asAdmin());
    expect(unknown.statusCode).toBe(404);
    expect(await statusOf(order.id)).toBe("pending");
  });
});

describe("PATCH /api/orders/:id by a shopper", () => {
  it("cancels a pending order when the phone matches, in any of its spellings, answering with the name as initials", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03001234567" });
    const res = await patch(order.id, { status: "cancelled", phone: "+92 300 1234567" });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("cancelled");
    // A phone number proves no more than it does for tracking: the name comes back as initials.
    expect(res.json().customerName).toMatch(/^([A-Z]\. ?)+$/);
    const events = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id));
    expect(events.at(-1)).toMatchObject({ status: "cancelled", actor: "customer" });
  });

  it("cancels from the browser session that placed the order", async () => {
    const product = await insertProduct(t.db);
    const sessionId = newSessionId();
    const order = await placeOrder(t.app, [{ productId: product.id }], { sessionId });
    const res = await patch(order.id, { status: "cancelled" }, { "x-session-id": sessionId });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a stranger: wrong phone, a fragment of the phone, or another session", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], {
      customerPhone: "03001234567",
      sessionId: newSessionId(),
    });
    const attempts = [
      await patch(order.id, { status: "cancelled", phone: "03009999999" }),
      await patch(order.id, { status: "cancelled", phone: "1234" }),
      await patch(order.id, { status: "cancelled" }, { "x-session-id": newSessionId() }),
      await patch(order.id, { status: "cancelled" }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("This order does not belong to that phone number");
    }
    expect(await statusOf(order.id)).toBe("pending");
  });

  it("refuses any status but cancelled without an admin session", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03001234567" });
    const res = await patch(order.id, { status: "delivered", phone: "03001234567" });
    expect(res.statusCode).toBe(401);
    expect(await statusOf(order.id)).toBe("pending");
  });

  it("refuses to cancel an order that is no longer pending, saying its status", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03001234567" });
    await setOrderStatus(t.db, order.id, "shipped");
    const res = await patch(order.id, { status: "cancelled", phone: "03001234567" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Only pending orders can be cancelled; this one is shipped");
    expect(await statusOf(order.id)).toBe("shipped");
  });

  it("records one cancellation when the same cancel arrives twice at once", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03001234567" });
    const results = await Promise.all(
      [0, 1, 2].map(() => patch(order.id, { status: "cancelled", phone: "03001234567" })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, order.id));
    expect(Number(n)).toBe(2);
  });
});
