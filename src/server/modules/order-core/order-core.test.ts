import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderStatusEvents, orders } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "../../test/fakes/leopards-fake.js";
import {
  checkoutPayload,
  insertProduct,
  placeOrder,
  postOrder,
  setOrderStatus,
  takeOrderByHand,
  trackStock,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { FOLLOW_UP_EVERY_MS } from "../shipping/shipping-routes.js";
import type { OrdersChanged } from "./order-core.js";

const clock = new ManualClock();
let t: TestContext;
let fake: LeopardsFake;
let productId: number;
/** Every order-changed event the app told its listeners, as the live queue and the catalogue hear it. */
let told: OrdersChanged[] = [];

beforeAll(async () => {
  [t, fake] = await Promise.all([createTestApp({ clock }), startLeopardsFake()]);
  const product = await insertProduct(t.db, { name: "Lawn Suit", price: "3200", sizes: ["M", "L"], colors: ["Red"] });
  productId = product.id;
  await trackStock(t.db, product, [
    { size: "M", color: "Red", quantity: 4 },
    { size: "L", color: "Red", quantity: 3 },
  ]);
  t.app.orderCore.onChanged((event) => void told.push(event));
  const connected = await t.app.inject({
    method: "PUT",
    url: "/api/admin/courier-settings",
    headers: { cookie: t.adminCookie },
    payload: { enabled: true, baseUrl: fake.baseUrl, apiKey: FAKE_KEY, apiPassword: FAKE_PASSWORD, timeoutSeconds: 1 },
  });
  expect(connected.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  told = [];
  fake.setMode("ok");
});

const line = { productId: 0, quantity: 1, size: "M", color: "Red" };
const item = () => ({ ...line, productId });
/** What a shopper sees of the variant: the public product, through the catalogue cache. */
const shopperSees = async () => {
  const res = await t.app.inject({ method: "GET", url: `/api/products/${productId}` });
  return res.json().variantStock.find((v: { size: string }) => v.size === "M").quantity as number;
};
const timeline = async (id: string) =>
  (await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, id))).map((e) => e.status);

describe("one placement pipeline", () => {
  it("places a shopper's web order and tells the listeners once", async () => {
    const res = await postOrder(t.app, checkoutPayload([item()]));
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(told).toEqual([expect.objectContaining({ placed: [id], changes: [] })]);
    expect(await timeline(id)).toEqual(["pending"]);
    await setOrderStatus(t.db, id, "cancelled");
  });

  it("places an order a staff member takes by hand through the same pipeline", async () => {
    const res = await takeOrderByHand(t.app, t.adminCookie, { productId, quantity: 1 }, "0300 1112223", "whatsapp");
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect(told).toEqual([expect.objectContaining({ placed: [id] })]);
    await setOrderStatus(t.db, id, "cancelled");
  });

  it("places an exchange's replacement as a kind of placement, in the return decision's transaction", async () => {
    const phone = "0300 4445556";
    const order = await placeOrder(t.app, [item()], { customerPhone: phone });
    await setOrderStatus(t.db, order.id, "delivered");
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/returns",
      payload: {
        orderId: order.id,
        phone,
        type: "exchange",
        reason: "Size too small",
        items: [{ ...item(), exchangeSize: "L" }],
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const decide = (status: string) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/returns/${asked.json().id}`,
        headers: { cookie: t.adminCookie },
        payload: { status },
      });
    expect((await decide("approved")).statusCode).toBe(200);
    told = [];
    const done = await decide("completed");
    expect(done.statusCode, done.body).toBe(200);
    const replacement = done.json().replacementOrderId as string;
    expect(told).toEqual([expect.objectContaining({ placed: [replacement] })]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, replacement));
    expect(row).toMatchObject({ status: "processing", total: "0.00", replacementOf: order.id });
    expect(await timeline(replacement)).toEqual(["pending", "processing"]);
    await setOrderStatus(t.db, replacement, "cancelled");
  });
});

describe("one status transition, told after the commit", () => {
  it("tells the live queue and the catalogue when a booking ships an order and the courier returns it", async () => {
    const order = await placeOrder(t.app, [{ ...item(), quantity: 2 }], { customerPhone: "0300 7778889" });
    await setOrderStatus(t.db, order.id, "processing");
    expect(await shopperSees()).toBe(2);
    told = [];
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/admin/orders/book",
      headers: { cookie: t.adminCookie },
      payload: { ids: [order.id] },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const [result] = booked.json().results;
    expect(told).toEqual([
      expect.objectContaining({
        changes: [expect.objectContaining({ orderId: order.id, from: "processing", to: "shipped" })],
      }),
    ]);

    told = [];
    fake.setPacketStatus(result.trackingNumber, "Returned to shipper");
    clock.advance(FOLLOW_UP_EVERY_MS);
    await t.app.jobs.runDue();
    expect(told).toEqual([
      expect.objectContaining({
        changes: [{ orderId: order.id, from: "shipped", to: "returned", actor: "courier" }],
        stockLowest: 0,
      }),
    ]);
    // The units are back for shoppers at once, not after the catalogue cache's lifetime.
    expect(await shopperSees()).toBe(4);
    expect(await timeline(order.id)).toEqual(["pending", "shipped", "returned"]);
  });

  it("changes nothing and tells nobody when the order is already in that status", async () => {
    const order = await placeOrder(t.app, [item()], { customerPhone: "0300 1231231" });
    told = [];
    const changes = await t.app.orderCore.write((w) =>
      w.changeStatus({ orderIds: [order.id], to: "pending", actor: "admin" }),
    );
    expect(changes).toEqual([]);
    expect(told).toEqual([]);
    const cancelled = await t.app.orderCore.write((w) =>
      w.changeStatus({ orderIds: [order.id], to: "cancelled", actor: "admin", onlyFrom: ["pending"] }),
    );
    expect(cancelled).toEqual([{ orderId: order.id, from: "pending", to: "cancelled", actor: "admin" }]);
    expect(told).toEqual([expect.objectContaining({ changes: cancelled, stockLowest: 0 })]);
  });

  it("tells nobody about a change whose transaction rolled back", async () => {
    const order = await placeOrder(t.app, [item()], { customerPhone: "0300 3213213" });
    told = [];
    await expect(
      t.app.orderCore.write(async (w) => {
        await w.changeStatus({ orderIds: [order.id], to: "cancelled", actor: "admin" });
        throw new Error("refused after the change");
      }),
    ).rejects.toThrow("refused after the change");
    expect(told).toEqual([]);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("pending");
    await setOrderStatus(t.db, order.id, "cancelled");
  });
});
