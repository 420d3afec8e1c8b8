import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADVANCE_SETTING_KEYS } from "@shared/rules/advance.js";
import type { NewOrder } from "@shared/schemas/orders.js";
import { advancePayments, orders, settings } from "../../db/schema.js";
import { checkoutPayload, insertProduct, mobileNumber, postOrder } from "../../test/factory.js";
import { startSafepayFake } from "../../test/fakes/safepay-fake.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
let fake: Awaited<ReturnType<typeof startSafepayFake>>;
let suitId: number;
beforeAll(async () => {
  fake = await startSafepayFake();
  t = await createTestApp({ safepay: fake.config() });
  suitId = (await insertProduct(t.db, { price: "6000.00", name: "Wedding Suit" })).id;
  await t.db.delete(settings).where(inArray(settings.key, [...ADVANCE_SETTING_KEYS]));
  for (const [key, value] of [
    ["advance_over_total", "10000"],
    ["advance_percent", "50"],
  ])
    await t.app.inject({
      method: "PUT",
      url: `/api/settings/${key}`,
      payload: { value },
      headers: { cookie: t.adminCookie },
    });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let phones = 0;
async function owingOrder() {
  const phone = mobileNumber(++phones, "0303");
  const res = await postOrder(t.app, checkoutPayload([{ productId: suitId, quantity: 2 }], { customerPhone: phone }));
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as NewOrder;
  expect(order.advance.amount).toBe("6000.00");
  expect(order.payOnline).toBe(true);
  return { ...order, phone };
}

const payLink = (id: string, phone: string) =>
  t.app.inject({ method: "POST", url: `/api/orders/${id}/pay-link`, payload: { phone } });
const notify = (n: { body: object; headers: Record<string, string> }) =>
  t.app.inject({ method: "POST", url: "/api/payments/safepay/webhook", payload: n.body, headers: n.headers });
const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe("POST /api/orders/{id}/pay-link", () => {
  it("starts a Safepay payment for the amount still owed and answers its checkout page", async () => {
    const o = await owingOrder();
    const res = await payLink(o.id, o.phone);
    expect(res.statusCode, res.body).toBe(200);
    const init = fake.requests.at(-1)!;
    expect(init).toMatchObject({
      path: "/order/v1/init",
      body: { amount: 6000, currency: "PKR", environment: "sandbox" },
    });
    const url = new URL(res.json().url);
    expect(url.searchParams.get("order_id")).toBe(o.id);
    expect(url.searchParams.get("beacon")).toMatch(/^track_/);
    expect(url.searchParams.get("webhooks")).toBe("true");
  });

  it("refuses another phone with 403, and says to pay another way when Safepay fails", async () => {
    const o = await owingOrder();
    expect((await payLink(o.id, mobileNumber(9_999, "0303"))).statusCode).toBe(403);
    fake.setMode("error");
    const failed = await payLink(o.id, o.phone);
    fake.setMode("ok");
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error).toContain("accounts shown");
  });
});

describe("POST /api/payments/safepay/webhook", () => {
  it("marks the advance paid once for a signed notification of the amount owed; a replay records nothing more", async () => {
    const o = await owingOrder();
    const n = fake.notification({ tracker: "track_paid-1", orderId: o.id, amount: "6000" });
    const first = await notify(n);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, recorded: true });
    expect(await rowOf(o.id)).toMatchObject({ advanceStatus: "paid", advancePaid: "6000.00", codAmount: "6000.00" });
    const again = await notify(n);
    expect(again.json()).toEqual({ received: true, recorded: false });
    const payments = await t.db.select().from(advancePayments).where(eq(advancePayments.orderId, o.id));
    expect(payments).toHaveLength(1);
  });

  it("refuses a bad signature, another amount and an unknown order, leaving the order unchanged", async () => {
    const o = await owingOrder();
    const forged = fake.notification({ tracker: "track_x1", orderId: o.id, amount: "6000" }, "not the secret");
    expect((await notify(forged)).statusCode).toBe(401);
    const tampered = fake.notification({ tracker: "track_x2", orderId: o.id, amount: "6000" });
    (tampered.body as { data: { notification: { amount: string } } }).data.notification.amount = "60";
    expect((await notify(tampered)).statusCode).toBe(401);
    expect((await notify(fake.notification({ tracker: "track_x3", orderId: o.id, amount: "600" }))).statusCode).toBe(
      409,
    );
    const unknown = fake.notification({
      tracker: "track_x4",
      orderId: "00000000-0000-4000-8000-000000000000",
      amount: "6000",
    });
    expect((await notify(unknown)).statusCode).toBe(404);
    expect(await rowOf(o.id)).toMatchObject({ advanceStatus: "due", advancePaid: "0.00", codAmount: "12000.00" });
    expect(await t.db.select().from(advancePayments).where(eq(advancePayments.orderId, o.id))).toHaveLength(0);
  });
  it("answers 400 to a signed notification without data, saying what is missing, and changes nothing", async () => {
    const o = await owingOrder();
    const signed = fake.notification({ tracker: "track_x5", orderId: o.id, amount: "6000" });
    for (const body of [{ type: "payment:created" }, { data: "not an object" }, []]) {
      const res = await notify({ body, headers: signed.headers });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toContain("data");
    }
    expect(await rowOf(o.id)).toMatchObject({ advanceStatus: "due", advancePaid: "0.00" });
  });
});
