import { orderNumber } from "@shared/rules/labels.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusEvents } from "../../db/schema.js";
import { insertProduct, placeOrder, setOrderStatus } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  productId = (await insertProduct(t.db, { name: "Lawn Suit" })).id;
});
afterAll(() => t.close());

const asAdmin = () => ({ cookie: t.adminCookie });
const patch = (id: string, payload: object, headers: Record<string, string> = asAdmin()) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, payload, headers });
const bulk = (payload: object, headers: Record<string, string> = asAdmin()) =>
  t.app.inject({ method: "PATCH", url: "/api/admin/orders", payload, headers });
const newOrder = async (overrides: Record<string, unknown> = {}) =>
  (await placeOrder(t.app, [{ productId }], overrides)).id;
/** Tracking as the customer who typed the order's number, so the card is shown with its id. */
const track = async (phone = "+92 300 1234567", orderId = "") =>
  (
    await t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { phone, name: "Ayesha Khan", orderNumber: orderNumber(orderId) },
    })
  ).json();

describe("PATCH /api/orders/{id} with a courier and tracking number", () => {
  it("ships a processing order, links a known courier's tracking page and shows it on the tracking card", async () => {
    const id = await newOrder();
    await setOrderStatus(t.db, id, "processing");
    const res = await patch(id, { courier: " leopards ", trackingNumber: "LE7512345678" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "shipped",
      courier: "Leopards",
      trackingNumber: "LE7512345678",
      trackingUrl: "https://www.leopardscourier.com/tracking?tracking_number=LE7512345678",
    });
    expect(res.json().shippedAt).not.toBeNull();
    const events = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, id));
    expect(events.map((e) => [e.status, e.actor])).toEqual([
      ["pending", "customer"],
      ["shipped", "admin"],
    ]);
    const card = (await track(undefined, id)).find((o: { id: string }) => o.id === id);
    expect(card).toMatchObject({ courier: "Leopards", trackingNumber: "LE7512345678", status: "shipped" });
    expect(card.trackingUrl).toContain("LE7512345678");
  });

  it("keeps any other courier by its own name, without a link, and leaves a pending order's status alone", async () => {
    const id = await newOrder();
    const res = await patch(id, { courier: "Rider Bhai Express", trackingNumber: "RB-42" });
    expect(res.json()).toMatchObject({ status: "pending", courier: "Rider Bhai Express", trackingUrl: null });
  });

  it("asks for the courier's name with a tracking number, and for something to change", async () => {
    const id = await newOrder();
    const res = await patch(id, { trackingNumber: "123" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.courier).toBe("Enter the courier's name");
    expect((await patch(id, {})).json().error).toBe("Send a status, or a courier and tracking number");
  });

  it("refuses shoppers who try to set a tracking number", async () => {
    const id = await newOrder();
    const res = await patch(id, { courier: "TCS", trackingNumber: "1", phone: "+92 300 1234567" }, {});
    expect(res.statusCode).toBe(401);
  });
});

describe("the returned status", () => {
  it("records when a parcel came back, filters by it and leaves it out of revenue on its own line", async () => {
    const id = await newOrder({ customerPhone: "0333 5550001" });
    for (const status of ["processing", "shipped", "returned"])
      expect((await patch(id, { status })).statusCode).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row.returnedAt).not.toBeNull();
    expect(row.shippedAt).not.toBeNull();
    const list = (await t.app.inject({ url: "/api/orders?status=returned", headers: asAdmin() })).json();
    expect(list.orders.map((o: { id: string }) => o.id)).toEqual([id]);
    expect(list.counts.returned).toBe(1);

    const analytics = (await t.app.inject({ url: "/api/admin/analytics", headers: asAdmin() })).json();
    expect(analytics.revenueByStatus.returned).toEqual({ count: 1, amount: Number(row.total) });
    const customers = (await t.app.inject({ url: "/api/admin/customers", headers: asAdmin() })).json();
    expect(JSON.stringify(customers)).not.toContain("0333 5550001");
  });

  it("reports the return-to-origin rate overall, per city, per courier and per product", async () => {
    const other = await insertProduct(t.db, { name: "Silk Dupatta" });
    const ship = async (
      city: string,
      courier: string,
      outcome: "delivered" | "returned" | "shipped",
      item = productId,
    ) => {
      const id = (await placeOrder(t.app, [{ productId: item }], { city })).id;
      await setOrderStatus(t.db, id, "processing");
      await patch(id, { courier, trackingNumber: `T-${id.slice(0, 6)}` });
      if (outcome !== "shipped") await patch(id, { status: outcome });
    };
    await ship("Multan", "TCS", "returned", other.id);
    await ship("multan ", "TCS", "delivered", other.id);
    await ship("Multan", "Leopards", "delivered", other.id);
    await ship("Quetta", "Leopards", "shipped");
    const { returnToOrigin } = (await t.app.inject({ url: "/api/admin/analytics", headers: asAdmin() })).json();
    const city = (name: string) => returnToOrigin.byCity.find((c: { city: string }) => c.city === name);
    expect(city("Multan")).toEqual({ city: "Multan", shipped: 3, returned: 1, rate: 33.33 });
    expect(city("Quetta")).toEqual({ city: "Quetta", shipped: 1, returned: 0, rate: 0 });
    const courier = (name: string) => returnToOrigin.byCourier.find((c: { courier: string }) => c.courier === name);
    expect(courier("TCS")).toEqual({ courier: "TCS", shipped: 2, returned: 1, rate: 50 });
    const dupatta = returnToOrigin.byProduct.find((p: { productId: number }) => p.productId === other.id);
    expect(dupatta).toEqual({ productId: other.id, productName: "Silk Dupatta", shipped: 3, returned: 1, rate: 33.33 });
    // One returned parcel earlier in this file, plus this one.
    expect(returnToOrigin.overall.returned).toBe(2);
  });
});

describe("PATCH /api/admin/orders", () => {
  it("changes many orders at once, says how many changed and records each on its timeline", async () => {
    const ids = [await newOrder(), await newOrder(), await newOrder()];
    await setOrderStatus(t.db, ids[2], "processing");
    const res = await bulk({ ids, status: "processing" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: 2 });
    const statuses = await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, ids[0]));
    expect(statuses[0].s).toBe("processing");
    const events = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, ids[1]));
    expect(events.at(-1)).toMatchObject({ status: "processing", actor: "admin" });
  });

  it("refuses anonymous callers and explains a bad request", async () => {
    const id = await newOrder();
    expect((await bulk({ ids: [id], status: "shipped" }, {})).statusCode).toBe(401);
    const empty = await bulk({ ids: [], status: "shipped" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Select at least one order");
    const badStatus = await bulk({ ids: [id], status: "lost" });
    expect(badStatus.json().error).toMatch(/^Status must be one of: .*returned/);
  });
});
