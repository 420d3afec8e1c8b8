import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStock } from "../../db/schema.js";
import {
  checkoutPayload,
  insertProduct,
  mobileNumber,
  placeOrder,
  postOrder,
  setOrderStatus,
  stockLeft,
  trackStock,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// Stock and returns (decision 007 and 010): an exchange's replacement takes its units as a placed
// order does; what a customer sends back goes on the shelf again, once. On PostgreSQL the
// simultaneous requests really run at once (a pool of connections); on PGlite one at a time.
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const phone = (n: number) => mobileNumber(n, "0333");
const admin = () => ({ cookie: t.adminCookie });
const left = (productId: number, size: string, color: string) => stockLeft(t.db, productId, size, color);

/**
 * A suit in S, M and L (Red) counting stock: M 5 unless given, L as given. Web orders may hold
 * only half of a size (decision 034), so a test placing two orders of one size gives it more.
 */
async function suit(large: number, medium = 5) {
  const p = await insertProduct(t.db, { name: "Exchange Suit", sizes: ["S", "M", "L"], colors: ["Red"] });
  await trackStock(t.db, p, [
    { size: "M", color: "Red", quantity: medium },
    { size: "L", color: "Red", quantity: large },
  ]);
  return p;
}

/** A web order of `quantity` M/Red, delivered yesterday, and an approved request for one of them. */
async function approvedRequest(
  productId: number,
  n: number,
  type: "return" | "exchange",
  quantity = 2,
  [size, exchangeSize] = ["M", "l"],
): Promise<{ orderId: string; requestId: string }> {
  const orderId = (await placeOrder(t.app, [{ productId, quantity, size, color: "Red" }], { customerPhone: phone(n) }))
    .id;
  await t.db.execute(
    sql`update orders set status = 'delivered', delivered_at = now() - interval '1 day' where id = ${orderId}`,
  );
  const item = {
    productId,
    size,
    color: "Red",
    quantity: 1,
    ...(type === "exchange" ? { exchangeSize } : {}),
  };
  const asked = await t.app.inject({
    method: "POST",
    url: "/api/returns",
    payload: { orderId, phone: phone(n), type, reason: "Too small", items: [item] },
  });
  expect(asked.statusCode).toBe(201);
  const requestId = asked.json().id;
  expect((await decide(requestId, { status: "approved" })).statusCode).toBe(200);
  return { orderId, requestId };
}

const decide = (id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/returns/${id}`, payload, headers: admin() });
const complete = (id: string) => decide(id, { status: "completed" });
const refund = (id: string) => decide(id, { status: "completed", refund: { amount: 100, method: "cash" } });
const requestStatus = async (id: string) =>
  (await t.app.inject({ url: "/api/admin/returns", headers: admin() })).json().find((r: { id: string }) => r.id === id)
    .status;
const replacementsOf = (orderId: string) =>
  t.db.select({ id: orders.id }).from(orders).where(eq(orders.replacementOf, orderId));

describe("Completing an exchange", () => {
  it("takes the exchanged-to size from stock and puts the one sent back on the shelf", async () => {
    const p = await suit(1);
    const { requestId } = await approvedRequest(p.id, 1, "exchange");
    expect(await left(p.id, "M", "Red")).toBe(3);
    const done = await complete(requestId);
    expect(done.statusCode).toBe(200);
    expect(await left(p.id, "L", "Red")).toBe(0);
    expect(await left(p.id, "M", "Red")).toBe(4);
    const held = await t.db.select().from(orderStock).where(eq(orderStock.orderId, done.json().replacementOrderId));
    // The size the customer typed ("l") is stored as the catalogue spells it.
    expect(held).toMatchObject([{ productId: p.id, size: "L", color: "Red", quantity: 1, held: true }]);
  });

  it("refuses when the size is sold out, saying what to do, writes nothing and can be completed after a restock", async () => {
    const p = await suit(0);
    const { orderId, requestId } = await approvedRequest(p.id, 2, "exchange");
    const refused = await complete(requestId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      "Cannot send the replacement: Exchange Suit (L / Red) is sold out. The exchange stays approved: restock it in Products and complete the exchange again, or reject it with a note to the customer",
    );
    expect(await requestStatus(requestId)).toBe("approved");
    expect(await replacementsOf(orderId)).toEqual([]);
    expect(await left(p.id, "M", "Red")).toBe(3);
    expect(await left(p.id, "L", "Red")).toBe(0);

    await trackStock(t.db, p, [
      { size: "M", color: "Red", quantity: 3 },
      { size: "L", color: "Red", quantity: 2 },
    ]);
    expect((await complete(requestId)).statusCode).toBe(200);
    expect(await replacementsOf(orderId)).toHaveLength(1);
    expect(await left(p.id, "L", "Red")).toBe(1);
  });

  it("gives the replacement's units back when the replacement is cancelled", async () => {
    const p = await suit(1);
    const { requestId } = await approvedRequest(p.id, 3, "exchange");
    const replacementId = (await complete(requestId)).json().replacementOrderId;
    expect(await left(p.id, "L", "Red")).toBe(0);
    const cancelled = await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${replacementId}`,
      payload: { status: "cancelled" },
      headers: admin(),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await left(p.id, "L", "Red")).toBe(1);
  });

  it("sells the last unit once among two exchanges and a shopper's order at the same moment", async () => {
    const p = await suit(1, 8);
    const first = await approvedRequest(p.id, 4, "exchange");
    const second = await approvedRequest(p.id, 5, "exchange");
    const answers = await Promise.all([
      complete(first.requestId),
      complete(second.requestId),
      postOrder(t.app, checkoutPayload([{ productId: p.id, size: "L", color: "Red" }], { customerPhone: phone(6) })),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    expect(await left(p.id, "L", "Red")).toBe(0);
    const completed = [first, second].filter((_, i) => codes[i] === 200);
    for (const r of [first, second]) {
      const done = completed.includes(r);
      expect(await requestStatus(r.requestId)).toBe(done ? "completed" : "approved");
      expect(await replacementsOf(r.orderId)).toHaveLength(done ? 1 : 0);
    }
    // M/Red: 8, two orders of 2 taken, one unit back per completed exchange.
    expect(await left(p.id, "M", "Red")).toBe(4 + completed.length);
  });
  it("completes crossed exchanges at the same moment without the two waiting on each other", async () => {
    const p = await suit(8, 8);
    const pairs = [];
    for (let n = 20; n < 24; n++) {
      const [from, to] = n % 2 === 0 ? ["M", "L"] : ["L", "M"];
      pairs.push(await approvedRequest(p.id, n, "exchange", 2, [from, to]));
    }
    await trackStock(t.db, p, [
      { size: "M", color: "Red", quantity: 5 },
      { size: "L", color: "Red", quantity: 5 },
    ]);
    const answers = await Promise.all(pairs.map((r) => complete(r.requestId)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    // Each exchange took one of the other size and put one of its own back.
    expect([await left(p.id, "M", "Red"), await left(p.id, "L", "Red")]).toEqual([5, 5]);
  });
});

describe("Completing a return", () => {
  it("puts the returned units back once; a later cancellation gives back only what the order still holds", async () => {
    const p = await suit(0);
    const { orderId, requestId } = await approvedRequest(p.id, 7, "return");
    expect(await left(p.id, "M", "Red")).toBe(3);
    expect((await refund(requestId)).statusCode).toBe(200);
    expect(await left(p.id, "M", "Red")).toBe(4);
    expect((await refund(requestId)).statusCode).toBe(409);
    await setOrderStatus(t.db, orderId, "returned");
    expect(await left(p.id, "M", "Red")).toBe(5);
  });

  it("gives nothing more for an order whose stock already went back", async () => {
    const p = await suit(0);
    const { orderId, requestId } = await approvedRequest(p.id, 8, "return");
    await setOrderStatus(t.db, orderId, "cancelled");
    expect(await left(p.id, "M", "Red")).toBe(5);
    expect((await refund(requestId)).statusCode).toBe(200);
    expect(await left(p.id, "M", "Red")).toBe(5);
  });

  it("gives back exactly what each order held when returns complete as their orders are cancelled", async () => {
    const p = await suit(0);
    await trackStock(t.db, p, [{ size: "M", color: "Red", quantity: 20 }]);
    const requests = [];
    for (let n = 10; n < 14; n++) requests.push(await approvedRequest(p.id, n, "return"));
    expect(await left(p.id, "M", "Red")).toBe(12);
    const answers = await Promise.all(
      requests.flatMap(({ orderId, requestId }) => [
        refund(requestId),
        t.app.inject({
          method: "PATCH",
          url: `/api/orders/${orderId}`,
          payload: { status: "cancelled" },
          headers: admin(),
        }),
      ]),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await left(p.id, "M", "Red")).toBe(20);
  });
});
