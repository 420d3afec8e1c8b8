import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { orders, orderStatusEvents } from "../../../db/schema.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "../../../test/fakes/leopards-fake.js";
import { insertProduct, placeOrder, setOrderStatus } from "../../../test/factory.js";
import { ManualClock } from "../../../jobs/clock.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { followUpParcels as followUp } from "./courier-follow-up.js";
import { FOLLOW_UP_EVERY_MS } from "../shipping-routes.js";

const clock = new ManualClock();
let t: TestContext;
let fake: LeopardsFake;
let productId: number;
beforeAll(async () => {
  [t, fake] = await Promise.all([createTestApp({ clock }), startLeopardsFake()]);
  productId = (await insertProduct(t.db, { name: "Lawn Suit", price: "3200" })).id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.setMode("ok"));

const asAdmin = () => ({ cookie: t.adminCookie });
const connect = (overrides: object = {}) =>
  t.app.inject({
    method: "PUT",
    url: "/api/admin/courier-settings",
    headers: asAdmin(),
    payload: {
      enabled: true,
      baseUrl: fake.baseUrl,
      apiKey: FAKE_KEY,
      apiPassword: FAKE_PASSWORD,
      timeoutSeconds: 1,
      ...overrides,
    },
  });
const book = (ids: string[]) =>
  t.app.inject({ method: "POST", url: "/api/admin/orders/book", headers: asAdmin(), payload: { ids } });
const readyOrder = async (overrides: Record<string, unknown> = {}) => {
  const id = (await placeOrder(t.app, [{ productId, quantity: 2 }], overrides)).id;
  await setOrderStatus(t.db, id, "processing");
  return id;
};
const followUpParcels = () => followUp({ core: t.app.orderCore, db: t.db, secrets: t.app.secrets, whatsapp: false });
const row = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe("courier settings", () => {
  it("refuses booking until Leopards is connected, and never sends the key or password back", async () => {
    const id = await readyOrder();
    const before = await book([id]);
    expect(before.statusCode).toBe(409);
    expect(before.json().error).toMatch(/^Connect Leopards first/);
    const res = await connect();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, baseUrl: fake.baseUrl, hasApiKey: true, hasPassword: true });
    expect(res.body).not.toContain(FAKE_PASSWORD);
    expect(res.body).not.toContain(FAKE_KEY);
    // Saving again without a key or password keeps the stored ones.
    expect((await connect({ apiKey: "", apiPassword: "" })).json()).toMatchObject({
      hasApiKey: true,
      hasPassword: true,
    });
    const anonymous = await t.app.inject({ url: "/api/admin/courier-settings" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /api/admin/orders/book", () => {
  beforeAll(() => connect());

  it("books ready orders with the COD amount, stores the tracking number and ships them", async () => {
    const ids = [await readyOrder(), await readyOrder({ city: "karachi ", customerName: "Bilal Ahmed" })];
    const res = await book(ids);
    expect(res.statusCode).toBe(200);
    expect(res.json().booked).toBe(2);
    const sent = fake.calls("bookPacket").slice(-2);
    expect(sent[0]).toMatchObject({
      api_key: FAKE_KEY,
      api_password: FAKE_PASSWORD,
      booked_packet_collect_amount: 6400,
      booked_packet_no_piece: 1,
      booked_packet_order_id: orderNumber(ids[0]),
      destination_city: 789,
      origin_city: "self",
      consignment_name_eng: "Ayesha Khan",
      consignment_phone: "+92 300 1234567",
    });
    expect(sent[1]).toMatchObject({ destination_city: 475, consignment_name_eng: "Bilal Ahmed" });
    for (const [i, id] of ids.entries()) {
      const order = await row(id);
      expect(order.status).toBe("shipped");
      expect(order.courier).toBe("Leopards");
      expect(order.trackingNumber).toBe(res.json().results[i].trackingNumber);
      expect(order.trackingUrl).toContain(order.trackingNumber);
      expect(order.courierBookedAt).not.toBeNull();
    }
  });

  it("books only orders that are ready to ship, and never the same order twice", async () => {
    const pending = (await placeOrder(t.app, [{ productId }])).id;
    const ready = await readyOrder();
    const calls = fake.calls("bookPacket").length;
    const [first, second] = await Promise.all([book([ready, pending]), book([ready])]);
    const outcomes = [...first.json().results, ...second.json().results];
    expect(outcomes.filter((r) => r.booked)).toHaveLength(1);
    expect(fake.calls("bookPacket").length).toBe(calls + 1);
    expect(first.json().results[1].error).toBe(
      `Only orders Ready to Ship can be booked; #${orderNumber(pending)} is pending`,
    );
  });

  it("passes on the courier's refusal and leaves the order ready to book again", async () => {
    const id = await readyOrder();
    fake.setMode("refuse", "Invalid consignee phone number");
    const res = await book([id]);
    expect(res.json().results[0]).toEqual({
      orderId: id,
      booked: false,
      trackingNumber: null,
      error: "Leopards refused the booking: Invalid consignee phone number",
    });
    expect(await row(id)).toMatchObject({ status: "processing", trackingNumber: null, courierBookedAt: null });
    fake.setMode("ok");
    expect((await book([id])).json().booked).toBe(1);
  });

  it("says Leopards is down on a 500, and that a time-out may have booked (the retry asks first)", async () => {
    const id = await readyOrder();
    fake.setMode("error");
    const down = (await book([id])).json().results[0];
    expect(down.error).toBe(
      "Leopards answered with an error (HTTP 500); nothing was booked, try again in a few minutes",
    );
    fake.setMode("hang");
    const slow = (await book([id])).json().results[0];
    expect(slow.error).toBe(
      `Leopards did not answer within 1 s; Leopards may have booked #${orderNumber(id)} all the same: booking it again first asks Leopards for it, so it is never booked twice`,
    );
    expect(await row(id)).toMatchObject({ status: "processing", courierBookedAt: null });
  });

  it("names a city Leopards does not list", async () => {
    const id = await readyOrder({ city: "Atlantis" });
    const res = await book([id]);
    expect(res.json().results[0].error).toBe(
      'Leopards does not list the city "Atlantis"; correct the city\'s spelling, then book again',
    );
  });
});

describe("the courier follow-up", () => {
  it("moves booked parcels to delivered or returned as Leopards reports them, once", async () => {
    await connect();
    const ids = [await readyOrder(), await readyOrder(), await readyOrder()];
    const results = (await book(ids)).json().results as { trackingNumber: string }[];
    fake.setPacketStatus(results[0].trackingNumber, "Delivered");
    fake.setPacketStatus(results[1].trackingNumber, "Returned to shipper");
    fake.setPacketStatus(results[2].trackingNumber, "Being Return");
    const run = await followUpParcels();
    expect(run.moved).toBe(2);
    expect(run.checked).toBeGreaterThanOrEqual(3);
    const rows = await t.db.select().from(orders).where(inArray(orders.id, ids));
    const status = (id: string) => rows.find((r) => r.id === id)!;
    expect(status(ids[0])).toMatchObject({ status: "delivered" });
    expect(status(ids[0]).deliveredAt).not.toBeNull();
    expect(status(ids[1])).toMatchObject({ status: "returned" });
    expect(status(ids[1]).returnedAt).not.toBeNull();
    expect(status(ids[2]).status).toBe("shipped");
    const events = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, ids[1]));
    expect(events.at(-1)).toMatchObject({ status: "returned", actor: "courier" });
    const tracked = fake.calls("trackBookedPacket").at(-1)!;
    expect(String(tracked.track_numbers).split(",")).toEqual(
      expect.arrayContaining(results.map((r) => r.trackingNumber)),
    );
    expect((await followUpParcels()).changed).toBe(0);
  });

  it("throws while Leopards is down, so the job is tried again later", async () => {
    await readyOrder().then((id) => book([id]));
    fake.setMode("error");
    await expect(followUpParcels()).rejects.toThrow(/HTTP 500/);
  });

  it("runs every 30 minutes on the job runner, through an outage, until the parcel is delivered", async () => {
    const id = await readyOrder();
    const [booked] = (await book([id])).json().results;
    fake.setPacketStatus(booked.trackingNumber, "Delivered");
    fake.setMode("error");
    await t.app.jobs.runDue();
    expect((await row(id)).status).toBe("shipped");
    fake.setMode("ok");
    // The failed run is retried after its backoff, or the next round comes; either way by 30 minutes.
    clock.advance(FOLLOW_UP_EVERY_MS);
    await t.app.jobs.runDue();
    expect((await row(id)).status).toBe("delivered");
  });
});
