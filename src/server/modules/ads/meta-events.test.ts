import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdsStatus } from "@shared/schemas/ads.js";
import { metaEvents, orderAdContext } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import { retryDelayMs } from "../../jobs/job-runner.js";
import { insertProduct, placeOrder, takeOrderByHand } from "../../test/factory.js";
import { FakeMeta, testMetaAdsConfig } from "../../test/fakes/meta-fake.js";
import { testWhatsappConfig } from "../../test/fakes/whatsapp-config.js";
import { buttonReply, postWebhook } from "../../test/fakes/whatsapp-webhooks.js";
import { createTestApp, startAnotherServer, type TestContext } from "../../test/test-app.js";
import { buttonPayload } from "../whatsapp/webhook/button-payload.js";

const fake = new FakeMeta();
const clock = new ManualClock();
const whatsapp = testWhatsappConfig();
const DAY = 24 * 60 * 60_000;
const FBP = "fb.1.1596403881668.1116446470";
const FBC = "fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890";
const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";

let t: TestContext;
let productId: number;
beforeAll(async () => {
  await fake.start();
  fake.now = () => clock.now().getTime();
  t = await createTestApp({ clock, whatsapp, metaAds: testMetaAdsConfig(fake), publicUrl: "https://shop.example.pk" });
  productId = (await insertProduct(t.db, { price: "3000.00" })).id;
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** "0301 2000001" as WhatsApp and Meta write it: 923012000001. */
const international = (phone: string) => `92${phone.replace(/\D/g, "").slice(1)}`;

let phones = 0;
/** A web order as a shopper's browser places it: the pixel's cookies, its user agent, the checkout page. */
async function webOrder(cookie = `_fbp=${FBP}; _fbc=${FBC}`, quantity = 2) {
  const phone = `0301 ${String(2_000_000 + ++phones)}`;
  const order = await placeOrder(
    t.app,
    [{ productId, quantity }],
    { customerPhone: phone, customerEmail: " Ayesha.Khan@Example.com " },
    { cookie, "user-agent": CHROME, referer: "https://shop.example.pk/checkout?step=2" },
  );
  return { id: order.id, total: order.total, phone };
}

const asStaff = (id: string, status: string) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, headers: { cookie: t.adminCookie }, payload: { status } });
const rowsOf = (id: string) => t.db.select().from(metaEvents).where(eq(metaEvents.orderId, id));
const status = async () =>
  (await t.app.inject({ url: "/api/admin/ads", headers: { cookie: t.adminCookie } })).json() as AdsStatus;

describe("the Purchase event on confirmation", () => {
  it("sends one Purchase when the customer confirms on WhatsApp, with the hashed phone and email, the cookies, PKR value and content ids", async () => {
    const order = await webOrder();
    await t.app.jobs.runDue();
    expect(fake.eventsOf(order.id)).toEqual([]); // placement sends nothing

    const press = buttonReply(international(order.phone), buttonPayload(whatsapp.appSecret, "confirm", order.id));
    expect((await postWebhook(t.app, whatsapp.appSecret, press)).statusCode).toBe(200);
    await t.app.jobs.runDue();

    const [sent] = fake.eventsOf(order.id);
    expect(fake.eventsOf(order.id)).toHaveLength(1);
    expect(sent.path).toBe(`/v25.0/${fake.pixelId}/events`);
    expect(sent.accessToken).toBe(fake.token);
    expect(sent.event).toEqual({
      event_name: "Purchase",
      event_time: Math.floor(clock.now().getTime() / 1000),
      event_id: order.id,
      action_source: "website",
      event_source_url: "https://shop.example.pk/checkout?step=2",
      user_data: {
        ph: [sha256(international(order.phone))],
        em: [sha256("ayesha.khan@example.com")],
        fbp: FBP,
        fbc: FBC,
        client_user_agent: CHROME,
      },
      custom_data: {
        currency: "PKR",
        value: Number(order.total),
        content_ids: [String(productId)],
        content_type: "product_group",
        num_items: 2,
        contents: [{ id: String(productId), quantity: 2, item_price: 3000 }],
      },
    });
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ eventName: "Purchase", state: "sent", attempts: 1, lastError: null });
  });

  it("sends a Purchase when staff move an order to Ready to Ship, and none for an order taken by hand", async () => {
    const order = await webOrder();
    expect((await asStaff(order.id, "processing")).statusCode).toBe(200);
    const byHand = await takeOrderByHand(t.app, t.adminCookie, { productId, quantity: 1 }, "0333 7654321");
    expect(byHand.statusCode).toBe(201);
    expect((await asStaff(byHand.json().id, "processing")).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(fake.eventsOf(order.id).map((r) => r.event.event_name)).toEqual(["Purchase"]);
    expect(fake.eventsOf(byHand.json().id)).toEqual([]);
  });

  it("sends none for a placed or cancelled order, and one only when an order goes back to pending and forward again", async () => {
    const cancelled = await webOrder();
    expect((await asStaff(cancelled.id, "cancelled")).statusCode).toBe(200);
    const twice = await webOrder();
    await asStaff(twice.id, "processing");
    await t.app.jobs.runDue();
    await asStaff(twice.id, "pending");
    await asStaff(twice.id, "processing");
    await asStaff(twice.id, "shipped");
    await t.app.jobs.runDue();
    expect(fake.eventsOf(cancelled.id)).toEqual([]);
    expect(await rowsOf(cancelled.id)).toEqual([]);
    expect(fake.eventsOf(twice.id)).toHaveLength(1);
  });

  it("does not send the Purchase of an order cancelled before its turn came", async () => {
    fake.mode = "down";
    const order = await webOrder();
    await asStaff(order.id, "processing");
    await t.app.jobs.runDue();
    await asStaff(order.id, "cancelled");
    fake.mode = "ok";
    clock.advance(retryDelayMs(1));
    await t.app.jobs.runDue();
    expect(fake.eventsOf(order.id)).toEqual([]);
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: "skipped" });
  });

  it("leaves out a malformed cookie and keeps a well-formed one", async () => {
    const order = await webOrder(`_fbp=<script>; _fbc=${FBC}`);
    const [context] = await t.db.select().from(orderAdContext).where(eq(orderAdContext.orderId, order.id));
    expect(context).toMatchObject({ fbp: null, fbc: FBC });
    await asStaff(order.id, "processing");
    await t.app.jobs.runDue();
    const [sent] = fake.eventsOf(order.id);
    expect(sent.event.user_data).not.toHaveProperty("fbp");
    expect(sent.event.user_data.fbc).toBe(FBC);
  });
});

describe("Meta's faults", () => {
  it("never delays or fails a confirmation while Meta is down, and sends the Purchase once Meta is back", async () => {
    fake.mode = "down";
    const order = await webOrder();
    const res = await asStaff(order.id, "processing");
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("processing");
    await t.app.jobs.runDue();
    const [waiting] = await rowsOf(order.id);
    expect(waiting).toMatchObject({ state: "queued", attempts: 1 });
    expect(waiting.lastError).toMatch(/could not be reached/);

    fake.mode = "ok";
    await t.app.jobs.runDue(); // not before its backoff
    expect(fake.eventsOf(order.id)).toEqual([]);
    clock.advance(retryDelayMs(1));
    await t.app.jobs.runDue();
    expect(fake.eventsOf(order.id)).toHaveLength(1);
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: "sent", attempts: 2, lastError: null });
  });

  it("records Meta's error answers and retries them with growing delays; a time-out is retried too", async () => {
    const order = await webOrder();
    fake.refusals.push("unknown", "rateLimit");
    await asStaff(order.id, "processing");
    await t.app.jobs.runDue();
    expect((await rowsOf(order.id))[0].lastError).toMatch(/Meta answered 500 \(error 2\)/);
    clock.advance(retryDelayMs(1));
    await t.app.jobs.runDue();
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: "queued", attempts: 2 });
    expect((await rowsOf(order.id))[0].lastError).toMatch(/error 4/);
    clock.advance(retryDelayMs(2) - 1);
    await t.app.jobs.runDue();
    expect((await rowsOf(order.id))[0].attempts).toBe(2);

    fake.mode = "hang";
    clock.advance(1);
    await t.app.jobs.runDue();
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: "queued", attempts: 3 });
    expect((await rowsOf(order.id))[0].lastError).toMatch(/did not answer in time/);
    fake.mode = "ok";
    clock.advance(retryDelayMs(3));
    await t.app.jobs.runDue();
    expect(fake.eventsOf(order.id)).toHaveLength(1);
  });

  it("records a refusal that cannot pass as failed, and shows it in Admin → Settings", async () => {
    const order = await webOrder();
    fake.refusals.push("invalid");
    await asStaff(order.id, "processing");
    await t.app.jobs.runDue();
    clock.advance(DAY);
    await t.app.jobs.runDue();
    expect(fake.eventsOf(order.id)).toEqual([]);
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: "failed", attempts: 1 });
    const shown = (await status()).recent.find((r) => r.orderId === order.id)!;
    expect(shown).toMatchObject({ eventName: "Purchase", state: "failed" });
    expect(shown.lastError).toMatch(/Meta answered 400 \(error 100\): A parameter of this event is not valid/);
  });

  it("drops and counts an event older than 7 days instead of sending it", async () => {
    const before = (await status()).counts.dropped;
    fake.mode = "down";
    const order = await webOrder();
    await asStaff(order.id, "processing");
    await t.app.jobs.runDue();
    fake.mode = "ok";
    clock.advance(7 * DAY + 60_000);
    await t.app.jobs.runDue();
    expect(fake.eventsOf(order.id)).toEqual([]);
    expect((await rowsOf(order.id))[0]).toMatchObject({ state: "dropped" });
    expect((await status()).counts.dropped).toBe(before + 1);
  });
});

describe("GET /api/admin/ads", () => {
  it("shows the owner the connection state, the counts and the last events", async () => {
    const shown = await status();
    expect(shown.pixel).toEqual({ enabled: true, pixelId: fake.pixelId });
    expect(shown.conversionsApi).toEqual({ enabled: true, missing: [], deliveryEvents: false });
    expect(shown.counts.sent).toBeGreaterThan(0);
    expect(shown.recent.length).toBeGreaterThan(0);
    expect(shown.feedUrl).toBe("https://shop.example.pk/feeds/products.xml");
    expect((await t.app.inject({ url: "/api/admin/ads" })).statusCode).toBe(401);
  });
});

describe("the optional Delivered and Returned events", () => {
  it("are not recorded by default", async () => {
    const order = await webOrder();
    for (const s of ["processing", "shipped", "delivered"]) await asStaff(order.id, s);
    await t.app.jobs.runDue();
    expect((await rowsOf(order.id)).map((r) => r.eventName)).toEqual(["Purchase"]);
  });

  it("are sent once each when META_DELIVERY_EVENTS is on, after the order's Purchase", async () => {
    const withThem = await startAnotherServer(t, {
      clock,
      metaAds: testMetaAdsConfig(fake, { deliveryEvents: true }),
    });
    try {
      const change = (id: string, s: string) =>
        withThem.inject({
          method: "PATCH",
          url: `/api/orders/${id}`,
          headers: { cookie: t.adminCookie },
          payload: { status: s },
        });
      const delivered = await webOrder();
      const returned = await webOrder();
      for (const s of ["processing", "shipped", "delivered"]) await change(delivered.id, s);
      for (const s of ["processing", "shipped"]) await change(returned.id, s);
      await withThem.jobs.runDue();
      await change(returned.id, "returned");
      await withThem.jobs.runDue();
      // The Delivered event waits for its Purchase: sent after it.
      clock.advance(retryDelayMs(1));
      await withThem.jobs.runDue();
      await withThem.jobs.runDue();
      const sent = (id: string) => fake.eventsOf(id).map((r) => [r.event.event_name, r.event.event_id]);
      expect(sent(delivered.id)).toEqual([
        ["Purchase", delivered.id],
        ["Delivered", `${delivered.id}.delivered`],
      ]);
      expect(sent(returned.id).map(([name]) => name)).toEqual(["Purchase", "Returned"]);
    } finally {
      await withThem.close();
    }
  });
});
