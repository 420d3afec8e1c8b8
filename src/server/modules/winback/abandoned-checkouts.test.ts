import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { marketingOptOuts, savedCheckouts } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import { countRows, insertProduct, mobileNumber, placeOrder, takeOrderByHand } from "../../test/factory.js";
import { FakeCloudApi } from "../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../test/fakes/whatsapp-config.js";
import { buttonPress, postWebhook, textMessage } from "../../test/fakes/whatsapp-webhooks.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// CONTRACT.md part four, "Abandoned checkouts, on WhatsApp" and "Marketing messages": a ticked box
// keeps the cart with the phone; a reminder with a restore link after the owner's delay; stopped by
// any order from the phone; never after STOP, which leaves the confirmations alone.
const fake = new FakeCloudApi();
const clock = new ManualClock();
let t: TestContext;
let product: Awaited<ReturnType<typeof insertProduct>>;
let seq = 0;
const phone = () => mobileNumber(++seq, "0333");
const digits = (p: string) => "92" + p.slice(1);

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({
    whatsapp: testWhatsappConfig(fake.url, { requestTimeoutMs: 10_000, publicUrl: "https://shop.example" }),
    clock,
  });
  product = await insertProduct(t.db, { name: "Lawn Suit" });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const admin = (method: "GET" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: t.adminCookie } });
const setting = (key: string, value: string | null) => admin("PUT", `/api/settings/${key}`, { value });
const post = (url: string, payload: unknown) => t.app.inject({ method: "POST", url, payload: payload as object });
const reminders = (to: string) =>
  fake.received.filter((m) => m.body.to === digits(to) && m.body.template?.name === "abandoned_checkout");

async function cartOf(sessionId: string) {
  const res = await post("/api/cart", { sessionId, productId: product.id, size: "M", color: "Red", quantity: 2 });
  expect(res.statusCode).toBe(201);
}
const save = (sessionId: string, p: string, consent: unknown = true) =>
  post("/api/checkout/abandoned", { sessionId, phone: p, consent });
const linkIn = (message: { body: Record<string, unknown> }) =>
  JSON.stringify(message.body).match(/cart\?restore=([\w-]+)/)![1];

beforeEach(async () => {
  await setting("abandoned_checkout_after_minutes", "30");
});

describe("POST /api/checkout/abandoned", () => {
  it("is refused while the owner has not set the delay, without consent, or for another kind of number; nothing is stored", async () => {
    const session = randomUUID();
    await cartOf(session);
    await setting("abandoned_checkout_after_minutes", null);
    expect((await save(session, phone())).statusCode).toBe(409);
    await setting("abandoned_checkout_after_minutes", "30");
    const noConsent = await save(session, phone(), false);
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().error).toMatch(/Tick the box/);
    const landline = await save(session, "042 35761234");
    expect(landline.statusCode).toBe(400);
    expect(landline.json().error).toMatch(/Pakistani mobile number/);
    expect((await save(randomUUID(), phone())).statusCode).toBe(409); // an empty cart
    expect(await countRows(t.db, savedCheckouts)).toBe(0);
  });
});

describe("the reminder", () => {
  it("goes after the delay with a link that fills a cart on another device once; a second one after the hours set", async () => {
    await setting("abandoned_checkout_second_after_hours", "20");
    const me = phone();
    const session = randomUUID();
    await cartOf(session);
    expect((await save(session, me)).statusCode).toBe(201);
    await t.app.jobs.runDue();
    expect(reminders(me)).toHaveLength(0);

    clock.advance(31 * 60_000);
    await t.app.jobs.runDue();
    expect(reminders(me)).toHaveLength(1);
    const token = linkIn(reminders(me)[0]);
    expect(JSON.stringify(reminders(me)[0].body)).toContain(`https://shop.example/cart?restore=${token}`);

    const other = randomUUID();
    const restored = await post("/api/cart/restore", { sessionId: other, token });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject([{ productId: product.id, size: "M", color: "Red", quantity: 2 }]);
    const again = await post("/api/cart/restore", { sessionId: randomUUID(), token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toMatch(/already used/);
    expect((await post("/api/cart/restore", { sessionId: other, token: "nope" })).statusCode).toBe(404);

    clock.advance(20 * 60 * 60_000);
    await t.app.jobs.runDue();
    expect(reminders(me)).toHaveLength(2);
    clock.advance(48 * 60 * 60_000);
    await t.app.jobs.runDue();
    expect(reminders(me)).toHaveLength(2);
    await setting("abandoned_checkout_second_after_hours", null);
  });

  it("stops when the phone orders by hand, and the order counts as recovered only after a reminder", async () => {
    const me = phone();
    const session = randomUUID();
    await cartOf(session);
    await save(session, me);
    const res = await takeOrderByHand(t.app, t.adminCookie, { productId: product.id, quantity: 1 }, me);
    expect(res.statusCode).toBe(201);
    clock.advance(31 * 60_000);
    await t.app.jobs.runDue();
    expect(reminders(me)).toHaveLength(0);
    const report = (await admin("GET", "/api/admin/abandoned-checkouts")).json();
    expect(report.items.find((i: { phone: string }) => i.phone === digits(me))).toMatchObject({
      state: "done",
      stopReason: "ordered",
      reminders: 0,
    });
  });

  it("counts a checkout recovered when its phone orders within 7 days of the reminder", async () => {
    const me = phone();
    const session = randomUUID();
    await cartOf(session);
    await save(session, me);
    clock.advance(31 * 60_000);
    await t.app.jobs.runDue();
    expect(reminders(me)).toHaveLength(1);
    const before = (await admin("GET", "/api/admin/abandoned-checkouts")).json().summary;
    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: me });
    const report = (await admin("GET", "/api/admin/abandoned-checkouts")).json();
    expect(report.summary.recovered).toBe(before.recovered + 1);
    expect(report.summary.revenue).toBe(before.revenue + Number(order.total));
    expect(report.items.find((i: { phone: string }) => i.phone === digits(me)).recoveredOrderId).toBe(order.id);
  });
});

describe("STOP", () => {
  it("by the template's opt-out button ends marketing too", async () => {
    const me = phone();
    const appSecret = t.app.config.whatsapp!.appSecret;
    await postWebhook(t.app, appSecret, buttonPress({ phone: digits(me) }, "Stop promotions"));
    expect(await countRows(t.db, marketingOptOuts)).toBeGreaterThan(0);
    const session = randomUUID();
    await cartOf(session);
    await save(session, me);
    clock.advance(31 * 60_000);
    await t.app.jobs.runDue();
    expect(reminders(me)).toHaveLength(0);
  });

  it("ends marketing to the phone, answered once, and the confirmations go on", async () => {
    const me = phone();
    const appSecret = t.app.config.whatsapp!.appSecret;
    await postWebhook(t.app, appSecret, textMessage({ phone: digits(me) }, "stop"));
    await postWebhook(t.app, appSecret, textMessage({ phone: digits(me) }, "STOP"));
    await t.app.jobs.runDue();
    const answers = fake.received.filter((m) => m.body.to === digits(me) && m.body.type === "text");
    expect(answers).toHaveLength(1);
    expect(JSON.stringify(answers[0].body)).toMatch(/no longer get offers/);

    const session = randomUUID();
    await cartOf(session);
    expect((await save(session, me)).statusCode).toBe(201);
    clock.advance(31 * 60_000);
    await t.app.jobs.runDue();
    expect(reminders(me)).toHaveLength(0);

    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: me });
    await t.app.jobs.runDue();
    expect(fake.received.filter((m) => JSON.stringify(m.body).includes(order.id))).toHaveLength(1);
  });
});

// Last: it moves the clock a week on.
describe("the restore link", () => {
  it("no longer works after 7 days, and says so", async () => {
    const session = randomUUID();
    const me = phone();
    await cartOf(session);
    await save(session, me);
    clock.advance(31 * 60_000);
    await t.app.jobs.runDue();
    const token = linkIn(reminders(me)[0]);
    clock.advance(7 * 24 * 60 * 60_000);
    const old = await post("/api/cart/restore", { sessionId: randomUUID(), token });
    expect(old.statusCode).toBe(410);
    expect(old.json().error).toMatch(/older than 7 days/);
  });
});
