import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADVANCE_SETTING_KEYS } from "@shared/rules/advance.js";
import { FEE_SETTING_KEYS } from "@shared/rules/fees.js";
import { advancePayments, images, orders, settings } from "../../db/schema.js";
import {
  checkoutPayload,
  countRows,
  insertOrder,
  insertProduct,
  makeImage,
  mobileNumber,
  multipart,
  postOrder,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import type { NewOrder } from "@shared/schemas/orders.js";

let t: TestContext;
let suit: Awaited<ReturnType<typeof insertProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  suit = await insertProduct(t.db, { price: "6000.00", name: "Bridal Suit" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(settings).where(inArray(settings.key, [...FEE_SETTING_KEYS, ...ADVANCE_SETTING_KEYS]));
  t.app.catalogueCache.invalidate();
});

let phones = 0;
const nextPhone = () => mobileNumber(++phones, "0302");
const owner = () => ({ cookie: t.adminCookie });

const put = async (key: string, value: unknown) => {
  const res = await t.app.inject({ method: "PUT", url: `/api/settings/${key}`, payload: { value }, headers: owner() });
  expect(res.statusCode, res.body).toBe(200);
};

const place = async (quantity: number, phone = nextPhone()) => {
  const res = await postOrder(t.app, checkoutPayload([{ productId: suit.id, quantity }], { customerPhone: phone }));
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as NewOrder), phone };
};

const quote = (quantity: number) =>
  t.app.inject({
    method: "POST",
    url: "/api/checkout/quote",
    payload: { items: [{ productId: suit.id, quantity, size: "M", color: "Red" }], city: "Lahore" },
  });

const ACCOUNTS = [
  { method: "easypaisa", title: "Zaiba Store", account: "03001234567" },
  { method: "bank", title: "Meezan Bank, Zaiba Store", account: "PK36MEZN0001234567890123" },
];

const sendProof = async (id: string, phone: string, seed = phones * 31) => {
  const form = await multipart({ phone, method: "easypaisa", reference: "TX-99812" }, [
    { field: "image", filename: "receipt.png", bytes: await makeImage({ seed }), type: "image/png" },
  ]);
  return t.app.inject({ method: "POST", url: `/api/orders/${id}/payment-proof`, ...form });
};

const decide = (id: string, payload: Record<string, unknown>, headers = owner()) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/orders/${id}/advance`, payload, headers });

const setStatus = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, payload, headers: owner() });

let agentCookie: string | undefined;
/** An agent's session (created once through the staff API, as the owner would). */
const agent = async () => {
  if (!agentCookie) {
    const account = { username: "advance-agent", password: "agent password", role: "agent" };
    const added = await t.app.inject({ method: "POST", url: "/api/admin/staff", payload: account, headers: owner() });
    expect(added.statusCode, added.body).toBe(201);
    const login = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: account });
    agentCookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  }
  return { cookie: agentCookie };
};

describe("advance settings", () => {
  it("refuses values that are not rules, saying what is wanted", async () => {
    for (const [key, value] of [
      ["advance_percent", "150"],
      ["advance_over_total", "ten thousand"],
      ["advance_high_risk", "yes please"],
      ["payment_accounts", '[{"method":"paypal","account":"x"}]'],
    ]) {
      const res = await t.app.inject({
        method: "PUT",
        url: `/api/settings/${key}`,
        payload: { value },
        headers: owner(),
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      expect(res.json().error).toContain(key);
    }
  });

  it("stores payment accounts as a JSON list, public for the storefront", async () => {
    await put("payment_accounts", ACCOUNTS);
    const list = (await t.app.inject({ url: "/api/settings" })).json() as { key: string; value: unknown }[];
    const value = list.find((s) => s.key === "payment_accounts")!.value;
    expect(typeof value === "string" ? JSON.parse(value) : value).toEqual(ACCOUNTS);
  });
});

describe("what an order owes in advance", () => {
  it("owes nothing with every setting empty: the order reads as before", async () => {
    const q = (await quote(2)).json();
    expect(q).toMatchObject({ total: 12000, advance: 0, codAmount: 12000 });
    const o = await place(2);
    expect(o.codAmount).toBe("12000.00");
    expect(o.advance).toEqual({
      amount: "0.00",
      paid: "0.00",
      owed: "0.00",
      status: "none",
      method: null,
      reference: null,
      note: null,
    });
    expect(o.paymentAccounts).toBeUndefined();
  });

  it("asks the percentage of a total at or above the threshold, rounded up to the rupee", async () => {
    await put("advance_over_total", "10000");
    await put("advance_percent", "33");
    await put("payment_accounts", ACCOUNTS);
    // 12,000 × 33% = 3,960; 6,000 is under the threshold.
    expect((await quote(2)).json()).toMatchObject({ total: 12000, advance: 3960, codAmount: 8040 });
    expect((await quote(1)).json()).toMatchObject({ total: 6000, advance: 0, codAmount: 6000 });
    const o = await place(2);
    expect(o.advance).toMatchObject({ amount: "3960.00", paid: "0.00", owed: "3960.00", status: "due" });
    // Nothing is paid yet: the courier would collect the whole total.
    expect(o.codAmount).toBe("12000.00");
    expect(o.paymentAccounts).toEqual(ACCOUNTS);
    await put("advance_percent", "");
    expect((await quote(2)).json()).toMatchObject({ advance: 12000, codAmount: 0 });
  });

  it("asks the delivery and COD fees of every order when advance_delivery_fee is on, the larger rule winning", async () => {
    await put("delivery_fee", "250");
    await put("cod_fee", "50");
    await put("advance_delivery_fee", "1");
    expect((await quote(1)).json()).toMatchObject({ total: 6300, advance: 300, codAmount: 6000 });
    await put("advance_over_total", "10000");
    await put("advance_percent", "10");
    expect((await quote(2)).json()).toMatchObject({ total: 12300, advance: 1230 });
  });

  it("asks a high-risk order (two earlier returns) for the percentage only when advance_high_risk is on", async () => {
    await put("advance_percent", "40");
    const phone = nextPhone();
    for (let n = 0; n < 2; n++)
      await insertOrder(t.db, { phone, status: "returned", items: [{ product: suit, price: 6000, quantity: 1 }] });
    const off = await place(1, phone);
    expect(off.advance.status).toBe("none");
    await put("advance_high_risk", "1");
    const on = await place(1, phone);
    expect(on.advance).toMatchObject({ amount: "2400.00", status: "due" });
    // The quote cannot judge the risk: it shows no advance for a small order.
    expect((await quote(1)).json()).toMatchObject({ advance: 0 });
  });

  it("tracking shows the advance and where to send it", async () => {
    await put("advance_over_total", "10000");
    await put("payment_accounts", ACCOUNTS);
    const o = await place(2);
    const res = await t.app.inject({ method: "POST", url: "/api/orders/track", payload: { phone: o.phone } });
    expect(res.statusCode, res.body).toBe(200);
    const [card] = res.json();
    expect(card.advance).toMatchObject({ amount: "12000.00", status: "due" });
    expect(card.paymentAccounts).toEqual(ACCOUNTS);
  });
});

describe("POST /api/orders/{id}/payment-proof", () => {
  it("takes a proof from the order's own phone: the advance becomes submitted", async () => {
    await put("advance_over_total", "10000");
    const o = await place(2);
    const res = await sendProof(o.id, o.phone);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().advance).toMatchObject({ status: "submitted", method: "easypaisa", reference: "TX-99812" });
    const detail = (await t.app.inject({ url: `/api/orders/${o.id}`, headers: owner() })).json();
    expect(detail.advanceProof.url).toMatch(/^\/api\/images\//);
    // The proof is private: a shopper cannot fetch it.
    expect((await t.app.inject({ url: detail.advanceProof.url })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("refuses a proof from another number with 403 and stores nothing", async () => {
    await put("advance_over_total", "10000");
    const o = await place(2);
    const before = await countRows(t.db, images);
    const res = await sendProof(o.id, nextPhone(), 999_001);
    expect(res.statusCode, res.body).toBe(403);
    expect(await countRows(t.db, images)).toBe(before);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row.advanceStatus).toBe("due");
  });

  it("refuses a proof for an order that owes nothing, and a file that is not an image", async () => {
    const none = await place(1);
    expect((await sendProof(none.id, none.phone)).statusCode).toBe(409);
    await put("advance_over_total", "10000");
    const o = await place(2);
    const form = await multipart({ phone: o.phone, method: "bank", reference: "R1" }, [
      { field: "image", filename: "receipt.png", bytes: Buffer.from("not a picture"), type: "image/png" },
    ]);
    const bad = await t.app.inject({ method: "POST", url: `/api/orders/${o.id}/payment-proof`, ...form });
    expect(bad.statusCode, bad.body).toBe(400);
  });
});

describe("PATCH /api/admin/orders/{id}/advance and the shipping gate", () => {
  it("refuses shipping, a tracking number, bulk shipping, booking and labels while owed, naming the amount", async () => {
    await put("advance_over_total", "10000");
    await put("advance_percent", "50");
    const o = await place(2);
    expect((await setStatus(o.id, { status: "processing" })).statusCode).toBe(200);
    const shipped = await setStatus(o.id, { status: "shipped" });
    expect(shipped.statusCode, shipped.body).toBe(409);
    expect(shipped.json().error).toContain("Rs. 6,000");
    const tracking = await setStatus(o.id, { courier: "TCS", trackingNumber: "TCS123" });
    expect(tracking.statusCode, tracking.body).toBe(409);
    const bulk = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/orders",
      payload: { ids: [o.id], status: "shipped" },
      headers: owner(),
    });
    expect(bulk.statusCode, bulk.body).toBe(409);
    const booking = await t.app.inject({
      method: "POST",
      url: "/api/admin/orders/book",
      payload: { ids: [o.id] },
      headers: owner(),
    });
    expect(booking.statusCode, booking.body).toBe(409);
    expect(booking.json().error).toContain("Rs. 6,000");
    const labels = await t.app.inject({ url: `/api/admin/orders/labels.pdf?ids=${o.id}`, headers: owner() });
    expect(labels.statusCode, labels.body).toBe(409);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: "processing", trackingNumber: null });
  });

  it("a rejected proof shows the note; marking paid lowers what the courier collects and lets it ship", async () => {
    await put("advance_over_total", "10000");
    await put("advance_percent", "50");
    const o = await place(2);
    expect((await sendProof(o.id, o.phone)).statusCode).toBe(201);
    expect((await decide(o.id, { status: "rejected" })).statusCode).toBe(400);
    const rejected = await decide(o.id, { status: "rejected", note: "The amount on the receipt is Rs. 600" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [card] = (
      await t.app.inject({ method: "POST", url: "/api/orders/track", payload: { phone: o.phone } })
    ).json();
    expect(card.advance).toMatchObject({ status: "rejected", note: "The amount on the receipt is Rs. 600" });
    // The shopper may send proof again.
    expect((await sendProof(o.id, o.phone, 77_123)).statusCode).toBe(201);
    const paid = await decide(o.id, { status: "paid" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().advance).toMatchObject({ status: "paid", paid: "6000.00" });
    const detail = (await t.app.inject({ url: `/api/orders/${o.id}`, headers: owner() })).json();
    expect(detail.codAmount).toBe("6000.00");
    expect((await decide(o.id, { status: "paid" })).statusCode).toBe(409);
    expect((await setStatus(o.id, { status: "processing" })).statusCode).toBe(200);
    const shipped = await setStatus(o.id, { courier: "TCS", trackingNumber: "TCS-ADV-1" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().status).toBe("shipped");
    const audit = (await t.app.inject({ url: `/api/admin/audit?orderId=${o.id}`, headers: owner() })).json();
    expect(JSON.stringify(audit)).toContain("order.advance");
    const payments = await t.db.select().from(advancePayments).where(eq(advancePayments.orderId, o.id));
    expect(payments.map((p) => p.amount)).toEqual(["6000.00"]);
  });

  it("refuses an agent marking paid less than is owed (Rs. 0 too), saying what to do, and the order still cannot ship", async () => {
    await put("advance_over_total", "10000");
    await put("advance_percent", "50");
    const o = await place(2);
    for (const amount of [0, 5999]) {
      const short = await decide(o.id, { status: "paid", amount }, await agent());
      expect(short.statusCode, short.body).toBe(400);
      expect(short.json().error).toContain("Record the advance of Rs. 6,000");
      expect(short.json().error).toContain("ask the owner to override");
    }
    const overridden = await decide(
      o.id,
      { status: "paid", amount: 0, override: true, reason: "Customer is my cousin" },
      await agent(),
    );
    expect(overridden.statusCode, overridden.body).toBe(403);
    expect(overridden.json().error).toContain("Ask the owner to override");
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ advanceStatus: "due", advancePaid: "0.00", codAmount: "12000.00" });
    expect(await t.db.select().from(advancePayments).where(eq(advancePayments.orderId, o.id))).toEqual([]);
    expect((await setStatus(o.id, { status: "processing" })).statusCode).toBe(200);
    expect((await setStatus(o.id, { status: "shipped" })).statusCode).toBe(409);
  });

  it("lets the owner accept less than is owed only with override and a reason, audited; then the order ships", async () => {
    await put("advance_over_total", "10000");
    await put("advance_percent", "50");
    const o = await place(2);
    const noReason = await decide(o.id, { status: "paid", amount: 1000, override: true });
    expect(noReason.statusCode, noReason.body).toBe(400);
    expect(noReason.json().error).toContain("write the reason");
    const res = await decide(o.id, { status: "paid", amount: 1000, override: true, reason: "Regular customer" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().advance).toMatchObject({ status: "paid", paid: "1000.00" });
    const detail = (await t.app.inject({ url: `/api/orders/${o.id}`, headers: owner() })).json();
    expect(detail.codAmount).toBe("11000.00");
    const audit = (await t.app.inject({ url: `/api/admin/audit?orderId=${o.id}`, headers: owner() })).json();
    expect(JSON.stringify(audit)).toContain("Regular customer");
    expect((await setStatus(o.id, { status: "processing" })).statusCode).toBe(200);
    expect((await setStatus(o.id, { status: "shipped" })).statusCode).toBe(200);
  });

  it("refuses moving an order that owes its advance straight to delivered, alone or in bulk", async () => {
    await put("advance_over_total", "10000");
    const pending = await place(2);
    const fromPending = await setStatus(pending.id, { status: "delivered" });
    expect(fromPending.statusCode, fromPending.body).toBe(409);
    expect(fromPending.json().error).toContain("Rs. 12,000");
    const o = await place(2);
    expect((await setStatus(o.id, { status: "processing" })).statusCode).toBe(200);
    expect((await setStatus(o.id, { status: "delivered" })).statusCode).toBe(409);
    const bulk = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/orders",
      payload: { ids: [o.id, pending.id], status: "delivered" },
      headers: owner(),
    });
    expect(bulk.statusCode, bulk.body).toBe(409);
    const rows = await t.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [pending.id, o.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [pending.id]: "pending",
      [o.id]: "processing",
    });
  });

  it("a completed return's refund gives back the advance first, recorded as a negative payment", async () => {
    await put("advance_over_total", "10000");
    await put("advance_percent", "25");
    const o = await place(2);
    expect((await decide(o.id, { status: "paid" })).statusCode).toBe(200);
    await t.db
      .update(orders)
      .set({ status: "delivered", deliveredAt: new Date().toISOString() })
      .where(eq(orders.id, o.id));
    const asked = await t.app.inject({
      method: "POST",
      url: "/api/returns",
      payload: {
        orderId: o.id,
        phone: o.phone,
        type: "return",
        reason: "Colour not as shown",
        items: [{ productId: suit.id, size: "M", color: "Red", quantity: 2 }],
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().id;
    const decideReturn = (payload: object) =>
      t.app.inject({ method: "PATCH", url: `/api/admin/returns/${returnId}`, payload, headers: owner() });
    expect((await decideReturn({ status: "approved" })).statusCode).toBe(200);
    const done = await decideReturn({ status: "completed", refund: { amount: 12000, method: "easypaisa" } });
    expect(done.statusCode, done.body).toBe(200);
    const payments = await t.db.select().from(advancePayments).where(eq(advancePayments.orderId, o.id));
    expect(payments.map((p) => [p.source, p.amount]).sort()).toEqual([
      ["agent", "3000.00"],
      ["refund", "-3000.00"],
    ]);
  });

  it("lists orders by their advance and counts them on the overview", async () => {
    await put("advance_over_total", "10000");
    const o = await place(2);
    const page = (await t.app.inject({ url: "/api/orders?advance=owed&limit=100", headers: owner() })).json();
    expect(page.orders.map((r: { id: string }) => r.id)).toContain(o.id);
    expect(page.orders.every((r: { advance: { status: string } }) => r.advance.status !== "none")).toBe(true);
    const overview = (await t.app.inject({ url: "/api/admin/advances/overview", headers: owner() })).json();
    expect(overview.dueOrders).toBeGreaterThanOrEqual(1);
    expect(overview.waiting.length).toBeGreaterThanOrEqual(1);
    const bad = await t.app.inject({ url: "/api/orders?advance=maybe", headers: owner() });
    expect(bad.statusCode).toBe(400);
  });
});
