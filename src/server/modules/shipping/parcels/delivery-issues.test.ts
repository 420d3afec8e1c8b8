import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { auditLog, jobs, orders } from "../../../db/schema.js";
import { ManualClock } from "../../../jobs/clock.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "../../../test/fakes/leopards-fake.js";
import { POSTEX_TOKEN, startPostexFake, type PostexFake } from "../../../test/fakes/postex-fake.js";
import { FakeCloudApi } from "../../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../../test/fakes/whatsapp-config.js";
import { buttonPress, inboundId, postWebhook, textMessage } from "../../../test/fakes/whatsapp-webhooks.js";
import { insertProduct, placeOrder, setOrderStatus } from "../../../test/factory.js";
import { createTestApp, startAnotherServer, type TestContext } from "../../../test/test-app.js";
import type { WhatsappConfig } from "../../whatsapp/whatsapp-config.js";
import { deliveryPayload } from "./delivery-payload.js";

/** Issue 26: a failed delivery attempt, from the courier's report to its shipper advice. */
const cloud = new FakeCloudApi();
const clock = new ManualClock();
let config: WhatsappConfig;
let t: TestContext;
let postex: PostexFake;
let leopards: LeopardsFake;
let productId: number;
const CUSTOMER = "923001234567";

beforeAll(async () => {
  await cloud.start();
  config = testWhatsappConfig(cloud.url);
  [t, postex, leopards] = await Promise.all([
    createTestApp({ whatsapp: config, clock }),
    startPostexFake(),
    startLeopardsFake(),
  ]);
  productId = (await insertProduct(t.db, { name: "Lawn Suit", price: "3200" })).id;
  const headers = { cookie: t.adminCookie };
  await t.app.inject({
    method: "PUT",
    url: "/api/admin/couriers/postex",
    headers,
    payload: {
      enabled: true,
      baseUrl: postex.baseUrl,
      token: POSTEX_TOKEN,
      pickupAddressCode: "001",
      timeoutSeconds: 1,
    },
  });
  await t.app.inject({
    method: "PUT",
    url: "/api/admin/courier-settings",
    headers,
    payload: {
      enabled: true,
      baseUrl: leopards.baseUrl,
      apiKey: FAKE_KEY,
      apiPassword: FAKE_PASSWORD,
      timeoutSeconds: 1,
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([postex.close(), leopards.close(), cloud.stop()]);
});
beforeEach(() => {
  postex.setMode("ok");
  leopards.setMode("ok");
});

const asAdmin = () => ({ cookie: t.adminCookie });
const adminOrder = async (id: string) => (await t.app.inject({ url: `/api/orders/${id}`, headers: asAdmin() })).json();
const followUp = () => t.app.inject({ method: "POST", url: "/api/admin/couriers/follow-up", headers: asAdmin() });
const sentFor = (orderId: string, template: string) =>
  cloud.received.filter(
    (m) => m.body.template?.name === template && JSON.stringify(m.body).includes(orderNumber(orderId)),
  );
const shipWith = async (courier: "postex" | "leopards") => {
  const id = (await placeOrder(t.app, [{ productId, quantity: 2 }])).id;
  await setOrderStatus(t.db, id, "processing");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/orders/book",
    headers: asAdmin(),
    payload: { ids: [id], courier },
  });
  return { id, trackingNumber: res.json().results[0].trackingNumber as string };
};
/**
 * A message from the customer, through the real webhook (signed as Meta signs it): what it
 * changed, and the reply the store queued for it (sent by the job runner after the commit).
 */
const deliver = async (body: unknown, id: string) => {
  const res = await postWebhook(t.app, config.appSecret, body);
  expect(res.statusCode).toBe(200);
  const queued = await t.db
    .select()
    .from(jobs)
    .where(eq(jobs.key, `whatsapp:reply:${id}`));
  return { changed: queued.length > 0, replies: queued.map((j) => j.payload as { text: string }) };
};
const press = (orderId: string, choice: "reattempt" | "new_address" | "return", from = CUSTOMER) => {
  const id = inboundId();
  return deliver(buttonPress({ phone: from }, deliveryPayload(config.appSecret, choice, orderId), id), id);
};
const say = (text: string, from = CUSTOMER) => {
  const id = inboundId();
  return deliver(textMessage({ phone: from }, text, id), id);
};
const runJobs = async () => {
  clock.advance(60 * 60_000);
  await t.app.jobs.runDue();
};

describe("the shipped message", () => {
  it("tells the customer the courier, tracking number and link, and the cash to keep ready, once", async () => {
    const { id, trackingNumber } = await shipWith("postex");
    await runJobs();
    const [sent] = sentFor(id, "order_shipped");
    const values = (sent.body.template!.components as { parameters: { text: string }[] }[])[0].parameters.map(
      (p) => p.text,
    );
    expect(values).toEqual([
      "Ayesha Khan",
      orderNumber(id),
      "PostEx",
      trackingNumber,
      `https://postex.pk/tracking?cn=${trackingNumber}`,
      "Rs. 6,400",
    ]);
    await runJobs();
    expect(sentFor(id, "order_shipped")).toHaveLength(1);
  });
});

describe("a failed attempt answered on WhatsApp", () => {
  it("opens the issue, asks the customer with three signed buttons, and tells PostEx once", async () => {
    const { id, trackingNumber } = await shipWith("postex");
    postex.setStatus(trackingNumber, "Delivery Under Review", "Customer not available");
    await followUp();
    const order = await adminOrder(id);
    expect(order.status).toBe("shipped");
    expect(order.courierStatus.text).toBe("Delivery Under Review");
    expect(order.deliveryIssue).toMatchObject({
      reason: "Customer not available",
      attempts: 1,
      resolution: null,
      address: null,
    });
    const open = (await t.app.inject({ url: "/api/orders?issue=open", headers: asAdmin() })).json();
    expect(open.orders.map((o: { id: string }) => o.id)).toContain(id);
    await runJobs();
    const [asked] = sentFor(id, "delivery_attempt");
    const buttons = (asked.body.template!.components as { type: string; parameters: { payload: string }[] }[])
      .filter((c) => c.type === "button")
      .map((c) => c.parameters[0].payload);
    expect(buttons).toEqual([
      deliveryPayload(config.appSecret, "reattempt", id),
      deliveryPayload(config.appSecret, "new_address", id),
      deliveryPayload(config.appSecret, "return", id),
    ]);

    // A press from another number changes nothing; nor does a payload signed for another order.
    expect((await press(id, "return", "923339999999")).changed).toBe(false);
    const forgedId = inboundId();
    const forged = await deliver(
      buttonPress({ phone: CUSTOMER }, buttons[2].replace(id, crypto.randomUUID()), forgedId),
      forgedId,
    );
    expect(forged.changed).toBe(false);
    expect((await adminOrder(id)).deliveryIssue.resolution).toBeNull();

    const pressed = await press(id, "reattempt");
    expect(pressed.changed).toBe(true);
    expect(pressed.replies[0].text).toBe(
      `Thank you. We have asked the courier to deliver your order #${orderNumber(id)} again.`,
    );
    expect((await press(id, "return")).changed).toBe(false); // answered already
    await runJobs();
    expect(postex.adviceFor(trackingNumber)).toEqual({
      statusId: 2,
      remarks: "Please attempt delivery again; the customer is expecting it.",
    });
    await runJobs();
    expect(postex.calls("v2/save-shipper-advice").filter((r) => r.body.trackingNumber === trackingNumber)).toHaveLength(
      1,
    );
    const issues = (await t.app.inject({ url: "/api/orders?issue=open", headers: asAdmin() })).json();
    expect(issues.orders.map((o: { id: string }) => o.id)).not.toContain(id);

    // Delivered on the second try: the issue stays, as a rescued parcel.
    postex.setStatus(trackingNumber, "Delivered");
    await followUp();
    expect(await adminOrder(id)).toMatchObject({ status: "delivered", deliveryIssue: { resolution: "reattempt" } });
  });

  it("takes a new address from the customer's next message and gives it to Leopards with the re-attempt", async () => {
    const { id, trackingNumber } = await shipWith("leopards");
    leopards.setPacketStatus(trackingNumber, "Pending", "Address not found", "2026-11-26 18:00:00");
    await followUp();
    expect((await adminOrder(id)).deliveryIssue).toMatchObject({ reason: "Address not found", attempts: 1 });
    await runJobs();
    const pressed = await press(id, "new_address");
    expect(pressed.replies[0].text).toMatch(/^Please send the new address for order #/);
    await runJobs();
    expect(leopards.adviceFor(trackingNumber)?.status).toBe(""); // waits for the address
    expect((await say("ok")).changed).toBe(false); // too short to be an address
    const address = "House 12, Street 4, Gulberg III, near Hafeez Centre";
    const said = await say(address);
    expect(said.replies[0].text).toBe(
      `Thank you. We have sent the new address for order #${orderNumber(id)} to the courier.`,
    );
    const order = await adminOrder(id);
    expect(order.deliveryIssue).toMatchObject({ resolution: "new_address", address });
    expect(order.shippingAddress).toBe(address);
    await runJobs();
    expect(leopards.adviceFor(trackingNumber)).toMatchObject({
      status: "RA",
      remarks: `Please deliver again to the new address: ${address}`,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.orderId, id));
    expect(audit.map((a) => a.action)).toContain("order.delivery-issue");
  });
});

describe("PATCH /api/admin/orders/{id}/delivery-issue", () => {
  it("records an agent's choice once, audited, and tells the courier; a second attempt asks again", async () => {
    const { id, trackingNumber } = await shipWith("postex");
    const patch = (payload: object) =>
      t.app.inject({ method: "PATCH", url: `/api/admin/orders/${id}/delivery-issue`, headers: asAdmin(), payload });
    expect((await patch({ resolution: "return" })).json().error).toBe(
      `#${orderNumber(id)} has no failed delivery attempt to answer`,
    );
    postex.setStatus(trackingNumber, "Attempted", "Customer refused to pay", "2026-11-26 11:00:00");
    await followUp();
    const noAddress = await patch({ resolution: "new_address" });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error).toBe("Enter the new address (house number, street, area and landmark)");
    const res = await patch({ resolution: "return", note: "Customer says they did not order" });
    expect(res.statusCode).toBe(200);
    expect((await patch({ resolution: "reattempt" })).statusCode).toBe(409);
    await runJobs();
    expect(postex.adviceFor(trackingNumber)).toEqual({
      statusId: 1,
      remarks: "Please return the parcel to the shipper. Customer says they did not order",
    });
    const [audit] = (await t.db.select().from(auditLog).where(eq(auditLog.orderId, id))).filter(
      (a) => a.action === "order.delivery-issue",
    );
    expect(audit).toMatchObject({ actor: "owner", after: { resolution: "return" } });

    postex.setStatus(trackingNumber, "Delivery Under Review", "Customer not available", "2026-11-27 11:00:00");
    await followUp();
    expect((await adminOrder(id)).deliveryIssue).toMatchObject({ attempts: 2, resolution: null });
  });

  it("keeps the advice queued through a PostEx time-out and sends it from another server after a restart", async () => {
    const { id, trackingNumber } = await shipWith("postex");
    postex.setStatus(trackingNumber, "Delivery Under Review", "Customer not available", "2026-11-26 12:00:00");
    await followUp();
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}/delivery-issue`,
      headers: asAdmin(),
      payload: { resolution: "reattempt" },
    });
    postex.setMode("hang");
    await runJobs();
    expect(postex.adviceFor(trackingNumber)).toBeNull();
    postex.setMode("ok");
    const other = await startAnotherServer(t, { whatsapp: config, clock });
    try {
      clock.advance(2 * 60 * 60_000);
      await other.jobs.runDue();
    } finally {
      await other.close();
    }
    expect(postex.adviceFor(trackingNumber)).toMatchObject({ statusId: 2 });
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0].status).toBe("shipped");
  });
});
