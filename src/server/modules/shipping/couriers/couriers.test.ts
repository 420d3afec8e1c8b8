import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { auditLog, orders, settings } from "../../../db/schema.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "../../../test/fakes/leopards-fake.js";
import { POSTEX_TOKEN, startPostexFake, type PostexFake } from "../../../test/fakes/postex-fake.js";
import { insertProduct, placeOrder, setOrderStatus } from "../../../test/factory.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";

/** Issue 26: two couriers behind one interface, against their local fakes. */
let t: TestContext;
let postex: PostexFake;
let leopards: LeopardsFake;
let productId: number;
beforeAll(async () => {
  [t, postex, leopards] = await Promise.all([createTestApp(), startPostexFake(), startLeopardsFake()]);
  productId = (await insertProduct(t.db, { name: "Lawn Suit", price: "3200" })).id;
});
afterAll(async () => {
  await t.close();
  await Promise.all([postex.close(), leopards.close()]);
});
beforeEach(() => {
  postex.setMode("ok");
  leopards.setMode("ok");
});

const asAdmin = () => ({ cookie: t.adminCookie });
const put = (courier: string, payload: object, headers: Record<string, string> = asAdmin()) =>
  t.app.inject({ method: "PUT", url: `/api/admin/couriers/${courier}`, headers, payload });
const connectPostex = (overrides: object = {}) =>
  put("postex", {
    enabled: true,
    baseUrl: postex.baseUrl,
    token: POSTEX_TOKEN,
    pickupAddressCode: "001",
    ...overrides,
  });
const connectLeopards = (overrides: object = {}) =>
  put("leopards", {
    enabled: true,
    baseUrl: leopards.baseUrl,
    apiKey: FAKE_KEY,
    apiPassword: FAKE_PASSWORD,
    ...overrides,
  });
const book = (ids: string[], courier?: string) =>
  t.app.inject({ method: "POST", url: "/api/admin/orders/book", headers: asAdmin(), payload: { ids, courier } });
const followUp = () => t.app.inject({ method: "POST", url: "/api/admin/couriers/follow-up", headers: asAdmin() });
const adminOrder = async (id: string) => (await t.app.inject({ url: `/api/orders/${id}`, headers: asAdmin() })).json();
const readyOrder = async (overrides: Record<string, unknown> = {}) => {
  const id = (await placeOrder(t.app, [{ productId, quantity: 2 }], overrides)).id;
  await setOrderStatus(t.db, id, "processing");
  return id;
};
const row = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe("GET/PUT /api/admin/couriers/{courier}", () => {
  it("keeps PostEx off until its token is given, and never sends the token back", async () => {
    expect((await t.app.inject({ url: "/api/admin/couriers/postex", headers: asAdmin() })).json()).toEqual({
      courier: "postex",
      enabled: false,
      baseUrl: "https://api.postex.pk/services/integration/api/order",
      hasToken: false,
      pickupAddressCode: "",
    });
    const missing = await put("postex", { enabled: true, baseUrl: postex.baseUrl, pickupAddressCode: "001" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^Enter the API token from the PostEx merchant portal/);
    const saved = await connectPostex();
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, hasToken: true, pickupAddressCode: "001" });
    expect(saved.body).not.toContain(POSTEX_TOKEN);
    const [stored] = await t.db.select().from(settings).where(eq(settings.key, "courier.postex"));
    expect(JSON.stringify(stored.value)).not.toContain(POSTEX_TOKEN);
    // Saving without the token keeps it; a new address asks for it again.
    expect((await connectPostex({ token: "" })).json().hasToken).toBe(true);
    const moved = await connectPostex({ token: "", baseUrl: "https://elsewhere.example.pk/api" });
    expect(moved.json().error).toBe("The API address changed: enter the PostEx token again");
    expect((await t.app.inject({ url: "/api/admin/couriers/postex" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/admin/couriers/tcs", headers: asAdmin() })).statusCode).toBe(404);
  });

  it("shows and saves Leopards in the same shape, and the older courier-settings still answers", async () => {
    const res = await connectLeopards();
    expect(res.json()).toEqual({
      courier: "leopards",
      enabled: true,
      baseUrl: leopards.baseUrl,
      hasApiKey: true,
      hasPassword: true,
    });
    expect(res.body).not.toContain(FAKE_PASSWORD);
    const older = await t.app.inject({ url: "/api/admin/courier-settings", headers: asAdmin() });
    expect(older.json()).toMatchObject({ courier: "Leopards", enabled: true, hasPassword: true, weightGrams: 500 });
  });

  it("switches a courier off with {enabled: false} alone, keeping its address, credentials and pickup code", async () => {
    await connectPostex();
    await connectLeopards();
    const postexOff = await put("postex", { enabled: false });
    expect(postexOff.statusCode, postexOff.body).toBe(200);
    expect(postexOff.json()).toEqual({
      courier: "postex",
      enabled: false,
      baseUrl: postex.baseUrl,
      hasToken: true,
      pickupAddressCode: "001",
    });
    const leopardsOff = await put("leopards", { enabled: false });
    expect(leopardsOff.statusCode, leopardsOff.body).toBe(200);
    expect(leopardsOff.json()).toMatchObject({ enabled: false, baseUrl: leopards.baseUrl, hasPassword: true });

    // The older route keeps the weight and time-out it is not sent.
    const older = (payload: object) =>
      t.app.inject({ method: "PUT", url: "/api/admin/courier-settings", headers: asAdmin(), payload });
    expect((await older({ enabled: true, weightGrams: 750 })).json()).toMatchObject({
      enabled: true,
      weightGrams: 750,
    });
    expect((await older({ enabled: false })).json()).toMatchObject({
      enabled: false,
      baseUrl: leopards.baseUrl,
      hasApiKey: true,
      weightGrams: 750,
      timeoutSeconds: 15,
    });

    // And back on the same way: the stored credentials still apply.
    expect((await put("postex", { enabled: true })).json()).toMatchObject({ enabled: true, hasToken: true });
    expect((await put("leopards", { enabled: true })).json()).toMatchObject({ enabled: true, hasApiKey: true });
  });
});

describe("POST /api/admin/orders/book with a chosen courier", () => {
  beforeAll(async () => {
    await connectPostex();
    await connectLeopards();
  });

  it("asks which courier when several are on, and books with the one named", async () => {
    const id = await readyOrder();
    const unnamed = await book([id]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error).toBe("Choose the courier to book with: Leopards or PostEx");
    const res = await book([id], "postex");
    expect(res.statusCode).toBe(200);
    const [result] = res.json().results;
    expect(result).toMatchObject({ orderId: id, booked: true, error: null });
    const sent = postex.calls("v3/create-order").at(-1)!;
    expect(sent.headers.token).toBe(POSTEX_TOKEN);
    expect(sent.body).toMatchObject({
      orderRefNumber: orderNumber(id),
      invoicePayment: 6400,
      orderType: "Normal",
      customerName: "Ayesha Khan",
      customerPhone: "03001234567",
      cityName: "Lahore",
      pickupAddressCode: "001",
      items: 1,
      orderDetail: "Lawn Suit (M, Red) x 2",
    });
    expect(await row(id)).toMatchObject({
      status: "shipped",
      courier: "PostEx",
      trackingNumber: result.trackingNumber,
      trackingUrl: `https://postex.pk/tracking?cn=${result.trackingNumber}`,
    });
  });

  it("names a city PostEx does not deliver to, and books nothing", async () => {
    const id = await readyOrder({ city: "Skardu" });
    const [result] = (await book([id], "postex")).json().results;
    expect(result.error).toBe(
      'PostEx does not deliver to the city "Skardu"; correct the city\'s spelling or choose another courier, then book again',
    );
    expect((await row(id)).status).toBe("processing");
  });

  it("passes on PostEx's refusal, and says when it is down or slow; nothing is half-booked", async () => {
    const id = await readyOrder({ city: "karachi" });
    postex.setMode("refuse", "Invalid delivery address");
    expect((await book([id], "postex")).json().results[0].error).toBe(
      "PostEx refused the booking: Invalid delivery address",
    );
    postex.setMode("error");
    expect((await book([id], "postex")).json().results[0].error).toBe(
      "PostEx answered with an error (HTTP 500); nothing was booked, try again in a few minutes",
    );
    expect(await row(id)).toMatchObject({ status: "processing", trackingNumber: null, courierBookedAt: null });
    postex.setMode("ok");
    expect((await book([id], "postex")).json().booked).toBe(1);
  });

  it("books a parcel whose answer was lost only once: the retry finds Leopards' booking by order number", async () => {
    await t.app.inject({
      method: "PUT",
      url: "/api/admin/courier-settings",
      headers: asAdmin(),
      payload: { enabled: true, baseUrl: leopards.baseUrl, timeoutSeconds: 1 },
    });
    const id = await readyOrder();
    leopards.setMode("book-then-hang");
    const lost = (await book([id], "leopards")).json().results[0];
    expect(lost.error).toBe(
      `Leopards did not answer within 1 s; Leopards may have booked #${orderNumber(id)} all the same: booking it again first asks Leopards for it, so it is never booked twice`,
    );
    expect(await row(id)).toMatchObject({ status: "processing", trackingNumber: null, courier: "Leopards" });
    // Another courier does not book it meanwhile: Leopards may have it.
    expect((await book([id], "postex")).json().results[0].error).toBe(
      `#${orderNumber(id)} is already being booked or was booked`,
    );
    leopards.setMode("ok");
    const booked = leopards.calls("bookPacket").length;
    const retry = (await book([id], "leopards")).json().results[0];
    expect(retry.booked).toBe(true);
    expect(leopards.calls("bookPacket").length).toBe(booked);
    expect(leopards.calls("getShipmentDetailsByOrderID").at(-1)).toMatchObject({
      shipment_order_id: [orderNumber(id)],
    });
    expect((await row(id)).trackingNumber).toBe(retry.trackingNumber);
  });
});

describe("a PostEx booking whose answer was lost", () => {
  beforeAll(async () => {
    await connectPostex({ timeoutSeconds: 1 });
  });
  afterAll(async () => {
    await connectPostex({ timeoutSeconds: 15 });
  });

  it("is booked once: the retry finds it in PostEx's list of orders by its order number", async () => {
    const id = await readyOrder();
    postex.setMode("book-then-hang");
    const lost = (await book([id], "postex")).json().results[0];
    expect(lost.error).toBe(
      `PostEx did not answer within 1 s; PostEx may have booked #${orderNumber(id)} all the same: booking it again first asks PostEx for it, so it is never booked twice`,
    );
    const attempted = await row(id);
    expect(attempted).toMatchObject({ status: "processing", trackingNumber: null, courier: "PostEx" });
    expect(attempted.courierAttemptedAt).not.toBeNull();
    // Leopards does not book it meanwhile: PostEx may have it.
    expect((await book([id], "leopards")).json().results[0].booked).toBe(false);
    postex.setMode("ok");
    const created = postex.calls("v3/create-order").length;
    const retry = (await book([id], "postex")).json().results[0];
    expect(retry).toMatchObject({ booked: true, error: null });
    expect(postex.calls("v3/create-order").length).toBe(created);
    const today = new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10);
    expect(postex.calls("v1/get-all-order").at(-1)!.query).toEqual({
      orderStatusId: "0",
      startDate: today,
      endDate: today,
    });
    expect(await row(id)).toMatchObject({ status: "shipped", courier: "PostEx", trackingNumber: retry.trackingNumber });
  });

  it("is booked again when PostEx's list has no order with that number (the request never arrived)", async () => {
    const id = await readyOrder();
    postex.setMode("hang");
    expect((await book([id], "postex")).json().results[0].booked).toBe(false);
    postex.setMode("ok");
    const orders = postex.orderCount();
    const retry = (await book([id], "postex")).json().results[0];
    expect(retry.booked).toBe(true);
    expect(postex.orderCount()).toBe(orders + 1);
    expect(postex.calls("v1/get-all-order").length).toBeGreaterThan(0);
  });

  it("is held for the agent, booking nothing, while PostEx cannot say whether it has it", async () => {
    const id = await readyOrder();
    const ref = orderNumber(id);
    postex.setMode("book-then-hang");
    await book([id], "postex");
    postex.setMode("ok");
    postex.setListMode("error");
    const created = postex.calls("v3/create-order").length;
    expect((await book([id], "postex")).json().results[0].error).toBe(
      `PostEx could not be asked whether it booked #${ref} after the earlier attempt went unanswered (PostEx answered with an error (HTTP 500)); nothing was booked again, and #${ref} stays with PostEx: try again in a few minutes`,
    );
    postex.setListMode("refuse");
    expect((await book([id], "postex")).json().results[0].error).toBe(
      `PostEx would not say whether it booked #${ref} after the earlier attempt went unanswered (Service not available for this merchant); nothing was booked again, and #${ref} stays with PostEx. Look for order reference ${ref} in the PostEx portal: if it is there, enter its tracking number on the order; if not, book again`,
    );
    expect(postex.calls("v3/create-order").length).toBe(created);
    expect(await row(id)).toMatchObject({ status: "processing", courier: "PostEx", trackingNumber: null });
    postex.setListMode("ok");
    expect((await book([id], "postex")).json().results[0].booked).toBe(true);
    expect(postex.calls("v3/create-order").length).toBe(created);
  });
});

describe("GET /api/admin/orders/{id}/courier-payment", () => {
  const payment = (id: string, headers = asAdmin()) =>
    t.app.inject({ url: `/api/admin/orders/${id}/courier-payment`, headers });

  it("answers PostEx's payment-status in its fields: settled, the date and the CPR number", async () => {
    const id = await readyOrder();
    const [booked] = (await book([id], "postex")).json().results;
    const before = await payment(id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      orderId: id,
      courier: "PostEx",
      trackingNumber: booked.trackingNumber,
      expected: 6400,
      paid: false,
      text: "Not settled yet",
      paidOn: null,
      reference: null,
      amount: null,
    });
    postex.settle(booked.trackingNumber);
    expect((await payment(id)).json()).toMatchObject({
      paid: true,
      text: "Settled on 2026-11-20",
      paidOn: "2026-11-20",
      reference: `CPR-${booked.trackingNumber}`,
    });
    expect(postex.calls("v1/payment-status").at(-1)!.path).toBe(`v1/payment-status/${booked.trackingNumber}`);
  });

  it("answers Leopards' payment details for a Leopards parcel", async () => {
    const id = await readyOrder();
    const [booked] = (await book([id], "leopards")).json().results;
    expect((await payment(id)).json()).toMatchObject({ courier: "Leopards", paid: false, text: "Unpaid" });
    leopards.markPaid(booked.trackingNumber);
    expect((await payment(id)).json()).toMatchObject({
      paid: true,
      text: "Paid",
      paidOn: "2026-11-21",
      reference: `CHQ-${booked.trackingNumber}`,
    });
  });

  it("says when there is no courier parcel and when the courier is down, and is for signed-in staff only", async () => {
    const id = await readyOrder();
    const none = await payment(id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(
      `#${orderNumber(id)} has no parcel booked with Leopards or PostEx, so there is no courier payment to ask about`,
    );
    await book([id], "postex");
    postex.setMode("error");
    const down = await payment(id);
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toBe("PostEx answered with an error (HTTP 500); ask again in a few minutes");
    expect((await payment(id, {} as { cookie: string })).statusCode).toBe(401);
  });
});

describe("POST /api/admin/orders/{id}/cancel-booking", () => {
  it("cancels the parcel at PostEx and puts the order back to Ready to Ship without a tracking number", async () => {
    const id = await readyOrder();
    const [booked] = (await book([id], "postex")).json().results;
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/cancel-booking`,
      headers: asAdmin(),
    });
    expect(res.statusCode).toBe(200);
    expect(postex.isCancelled(booked.trackingNumber)).toBe(true);
    expect(postex.calls("v1/cancel-order").at(-1)!.body).toEqual({ trackingNumber: booked.trackingNumber });
    expect(await row(id)).toMatchObject({
      status: "processing",
      courier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/cancel-booking`,
      headers: asAdmin(),
    });
    expect(again.statusCode).toBe(409);
    // Booked again afterwards, with Leopards this time.
    expect((await book([id], "leopards")).json().booked).toBe(1);
  });

  it("leaves the booking when the courier refuses (the parcel was picked up)", async () => {
    const id = await readyOrder();
    const [booked] = (await book([id], "postex")).json().results;
    postex.setStatus(booked.trackingNumber, "PostEx WareHouse");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/cancel-booking`,
      headers: asAdmin(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      `PostEx refused to cancel ${booked.trackingNumber}: Order can not be cancelled at this stage`,
    );
    expect((await row(id)).status).toBe("shipped");
  });
});

describe("POST /api/admin/couriers/follow-up", () => {
  it("records every courier's words, moves delivered and returned parcels, and leaves unknown words alone", async () => {
    const ids = [await readyOrder(), await readyOrder(), await readyOrder(), await readyOrder()];
    const viaPostex = (await book(ids.slice(0, 3), "postex")).json().results as { trackingNumber: string }[];
    const [viaLeopards] = (await book([ids[3]], "leopards")).json().results as { trackingNumber: string }[];
    postex.setStatus(viaPostex[0].trackingNumber, "Delivered");
    postex.setStatus(viaPostex[1].trackingNumber, "Returned");
    postex.setStatus(viaPostex[2].trackingNumber, "Handed to the moon base");
    leopards.setPacketStatus(viaLeopards.trackingNumber, "Delivered", "Received by Ayesha", "2026-11-26 16:20:00");
    const res = await followUp();
    expect(res.statusCode).toBe(200);
    const run = res.json();
    expect(run.checked).toBeGreaterThanOrEqual(4);
    expect(run.changed).toBeGreaterThanOrEqual(4);
    expect((await row(ids[0])).status).toBe("delivered");
    expect((await row(ids[1])).status).toBe("returned");
    expect((await row(ids[2])).status).toBe("shipped");
    expect((await row(ids[3])).status).toBe("delivered");
    const unknown = await adminOrder(ids[2]);
    expect(unknown.courierStatus).toEqual({ text: "Handed to the moon base", at: "2026-11-26T10:00:00.000Z" });
    const delivered = await adminOrder(ids[3]);
    expect(delivered.courierStatus.text).toBe("Delivered");
    expect(delivered.timeline).toEqual(
      expect.arrayContaining([
        { status: "Delivered: Received by Ayesha", actor: "Leopards", createdAt: "2026-11-26T11:20:00.000Z" },
        expect.objectContaining({ status: "delivered", actor: "courier" }),
      ]),
    );
    // PostEx was asked about its parcels in one bulk call.
    const bulk = postex.calls("v1/track-bulk-order").at(-1)!;
    expect(bulk.query.TrackingNumbers.split(",")).toEqual(
      expect.arrayContaining(viaPostex.map((p) => p.trackingNumber)),
    );
    expect((await followUp()).json().changed).toBe(0);
  });

  it("is for staff only", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/admin/couriers/follow-up" })).statusCode).toBe(401);
  });
});

describe("PATCH /api/orders/{id}: staff correct the customer's details", () => {
  const patch = (id: string, payload: object, headers: Record<string, string> = asAdmin()) =>
    t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, headers, payload });

  it("corrects name, phone, address, city and postal code until the order ships, audited", async () => {
    const id = await readyOrder({ city: "Lahor" });
    const res = await patch(id, {
      customerName: "Ayesha Khan Niazi",
      customerPhone: "0321 7654321",
      shippingAddress: "House 9, Street 11, Gulberg III, near Main Market",
      city: "Lahore",
      postalCode: "54660",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customerName: "Ayesha Khan Niazi", city: "Lahore", postalCode: "54660" });
    const [audit] = (await t.db.select().from(auditLog).where(eq(auditLog.orderId, id))).filter(
      (a) => a.action === "order.corrected",
    );
    expect(audit).toMatchObject({ actor: "owner", before: { city: "Lahor" }, after: { city: "Lahore" } });
    // The corrected city is now one PostEx serves.
    expect((await book([id], "postex")).json().booked).toBe(1);
    const late = await patch(id, { city: "Karachi" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(/can be corrected only until it ships/);
    expect((await patch(id, { customerPhone: "12" })).statusCode).toBe(400);
    expect((await patch(id, { customerName: "Someone" }, {})).statusCode).toBe(401);
  });
});
