import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../../db/schema.js";
import {
  insertOrder,
  insertProduct,
  mobileNumber,
  placeOrder,
  postOrder,
  checkoutPayload,
} from "../../../test/factory.js";
import type { TestContext } from "../../../test/test-app.js";
import { useWhatsappTestApp } from "../../../test/whatsapp-test-app.js";

// The store's WhatsApp number only says what the store means to say (CONTRACT.md, "Guarding the
// shop's number"): no link or long number a shopper typed, no automatic message for a high-risk
// order, at most two confirmation requests per phone number a day; the rest wait, `held`, for an
// agent. Checked against what the fake Cloud API received.
const wa = useWhatsappTestApp({ requestTimeoutMs: 10_000 });
const { clock, sentFor } = wa;
let t: TestContext;
let product: Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  t = wa.t;
  product = await insertProduct(t.db, { name: "Lawn Suit", price: "2500.00" });
});

let seq = 0;
const phone = () => mobileNumber(++seq, "0346");
const read = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const bodyParameters = (orderId: string) => {
  const [sent] = sentFor(orderId);
  const body = sent.body.template!.components as { type: string; parameters: { text?: string }[] }[];
  return body.find((c) => c.type === "body")!.parameters.map((p) => p.text);
};
const admin = (method: "GET" | "POST", url: string) =>
  t.app.inject({ method, url, headers: { cookie: t.adminCookie } });
const order = (customerPhone: string, overrides: Record<string, unknown> = {}) =>
  placeOrder(t.app, [{ productId: product.id, quantity: 2 }], { customerPhone, ...overrides });

describe("the confirmation request's text", () => {
  it("carries no link or long number typed at checkout, and no overlong name or city", async () => {
    const { id } = await order(phone(), {
      customerName: "Visit bit.ly/3xYz to claim Rs.5000 call 0300 1234567 " + "now ".repeat(30),
      city: "Lahore https://evil.example/win www.prize.pk",
    });
    await t.app.jobs.runDue();
    const [name, , , , city] = bodyParameters(id);
    expect(name).not.toMatch(/bit\.ly|0300|1234567/);
    expect(name).toMatch(/^Visit to claim Rs\.5000 call now now/);
    expect([...name!].length).toBeLessThanOrEqual(40);
    expect(city).toBe("Lahore");
  });
});

describe("what the store sends by itself", () => {
  it("holds a high-risk order for an agent without messaging it; the agent's resend sends it", async () => {
    const risky = phone();
    for (let i = 0; i < 2; i++)
      await insertOrder(t.db, { phone: risky, status: "returned", items: [{ product, quantity: 1, price: 2500 }] });
    const res = await postOrder(t.app, checkoutPayload([{ productId: product.id }], { customerPhone: risky }));
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    await t.app.jobs.runDue();
    expect(await read(id)).toMatchObject({ riskLevel: "high", confirmationState: "held", status: "pending" });
    expect(sentFor(id)).toHaveLength(0);

    const listed = await admin("GET", "/api/orders?confirmation=held");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().orders.map((o: { id: string }) => o.id)).toContain(id);
    expect((await admin("GET", `/api/orders/${id}`)).json().confirmation.state).toBe("held");

    expect((await admin("POST", `/api/admin/orders/${id}/whatsapp/resend`)).statusCode).toBe(202);
    await t.app.jobs.runDue();
    expect(sentFor(id)).toHaveLength(1);
    expect((await read(id)).confirmationState).toBe("sent");
  });

  it("sends at most two confirmation requests to one phone number a day, even for orders placed at once", async () => {
    const me = phone();
    const placed = await Promise.all(
      Array.from({ length: 4 }, () =>
        postOrder(t.app, checkoutPayload([{ productId: product.id }], { customerPhone: me })),
      ),
    );
    const ids = placed.filter((r) => r.statusCode === 201).map((r) => r.json().id as string);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(ids.map((id) => sentFor(id).length).reduce((a, b) => a + b, 0)).toBe(2);
    const states = await Promise.all(ids.map(async (id) => (await read(id)).confirmationState));
    expect(states.filter((s) => s === "sent")).toHaveLength(2);
    expect(states.filter((s) => s === "held")).toHaveLength(ids.length - 2);

    // A day later the number may be asked again.
    clock.advance(24 * 60 * 60_000 + 60_000);
    const next = await order(me);
    // Placed "now" on the test's clock, so the sweep does not take it for a day old.
    await t.db.update(orders).set({ createdAt: clock.now().toISOString() }).where(eq(orders.id, next.id));
    await t.app.jobs.runDue();
    expect(sentFor(next.id)).toHaveLength(1);
  });
});
