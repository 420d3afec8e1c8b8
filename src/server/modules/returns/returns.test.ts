import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { orderItems, orders, returnRequests } from "../../db/schema.js";
import { insertProduct, makeImage, multipart, placeOrder } from "../../test/factory.js";
import { ManualClock } from "../../jobs/clock.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
let suitId: number;
const PHONE = "+92 300 1234567";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
  suitId = (
    await insertProduct(t.db, { name: "Lawn Suit", price: "3000", sizes: ["S", "M", "L"], colors: ["Red", "Blue"] })
  ).id;
});
afterAll(() => t.close());

const asAdmin = () => ({ cookie: t.adminCookie });
/** A delivered order of two M/Red suits, delivered `ago` ms before now. */
async function deliveredOrder(ago = DAY, overrides: Record<string, unknown> = {}) {
  const id = (await placeOrder(t.app, [{ productId: suitId, quantity: 2, size: "M", color: "Red" }], overrides)).id;
  await t.db.execute(
    sql`update orders set status = 'delivered', delivered_at = now() - ${ago} * interval '1 millisecond' where id = ${id}`,
  );
  return id;
}
const ask = (payload: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/returns", payload });
const request = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  orderId,
  phone: PHONE,
  type: "exchange",
  reason: "Too small",
  items: [{ productId: suitId, size: "M", color: "Red", quantity: 1, exchangeSize: "L" }],
  ...overrides,
});
const decide = (id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/returns/${id}`, payload, headers: asAdmin() });
const trackCard = async (orderId: string) => {
  const payload = { phone: PHONE, orderNumber: orderNumber(orderId) };
  const res = await t.app.inject({ method: "POST", url: "/api/orders/track", payload });
  return res.json().find((o: { id: string }) => o.id === orderId);
};

describe("POST /api/returns", () => {
  it("takes an exchange request with photos from the customer and shows it on the tracking card", async () => {
    const orderId = await deliveredOrder();
    const form = await multipart({ returnData: JSON.stringify(request(orderId)) }, [
      { field: "photos", filename: "tag.png", bytes: await makeImage(), type: "image/png" },
      { field: "photos", filename: "seam.jpg", bytes: await makeImage({ format: "jpeg" }), type: "image/jpeg" },
    ]);
    const res = await t.app.inject({ method: "POST", url: "/api/returns", ...form });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: "exchange",
      status: "requested",
      items: [{ productId: suitId, productName: "Lawn Suit", size: "M", color: "Red", quantity: 1, exchangeSize: "L" }],
    });
    const card = await trackCard(orderId);
    expect(card.returns).toHaveLength(1);
    expect(card.returns[0].statusText).toMatch(/^Exchange requested/);
    const list = (await t.app.inject({ url: "/api/admin/returns?status=requested", headers: asAdmin() })).json();
    const listed = list.find((r: { orderId: string }) => r.orderId === orderId);
    expect(listed.photos).toHaveLength(2);
    expect(listed).toMatchObject({ reason: "Too small", orderNumber: orderNumber(orderId), customerPhone: PHONE });
  });

  it("takes a request from a card found by phone number alone, by its reference, without naming the order's number", async () => {
    const orderId = await deliveredOrder();
    const cards = (await t.app.inject({ method: "POST", url: "/api/orders/track", payload: { phone: PHONE } })).json();
    const ref = cards.find((c: { createdAt: string; status: string }) => c.status === "delivered").id;
    expect(ref).not.toBe(orderId);
    expect((await ask(request(ref, { phone: "0321 9999999" }))).statusCode).toBe(404);
    expect((await ask(request(ref))).statusCode).toBe(201);
    expect((await trackCard(orderId)).returns).toHaveLength(1);
  });

  it("refuses another phone number", async () => {
    const orderId = await deliveredOrder();
    const res = await ask(request(orderId, { phone: "0321 9999999" }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("This order does not belong to that phone number");
  });

  it("refuses an order that has not been delivered", async () => {
    const orderId = (await placeOrder(t.app, [{ productId: suitId, size: "M", color: "Red" }])).id;
    const res = await ask(request(orderId));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      `Only delivered orders can be returned or exchanged; #${orderNumber(orderId)} is pending`,
    );
  });

  it("accepts a request up to 7 days after delivery and refuses it after, by the app's clock", async () => {
    try {
      const justInside = await deliveredOrder(0);
      clock.set(new Date(Date.now() + 7 * DAY - HOUR));
      expect((await ask(request(justInside))).statusCode).toBe(201);
      const late = await deliveredOrder(0);
      clock.set(new Date(Date.now() + 7 * DAY + HOUR));
      const res = await ask(request(late));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(
        /^The 7-day return window for #\w{8} closed on \d{4}-\d{2}-\d{2}; message us on WhatsApp/,
      );
    } finally {
      clock.set(new Date());
    }
  });

  it("refuses a second request for items already asked for, but allows the rest of the quantity", async () => {
    const orderId = await deliveredOrder();
    expect((await ask(request(orderId))).statusCode).toBe(201);
    expect(
      (
        await ask(
          request(orderId, { type: "return", items: [{ productId: suitId, size: "m", color: "red", quantity: 1 }] }),
        )
      ).statusCode,
    ).toBe(201);
    const again = await ask(request(orderId));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("Lawn Suit (M, Red) was already asked for in an earlier request");
  });

  it("lets only one of two simultaneous requests for the same items through", async () => {
    const orderId = await deliveredOrder();
    const both = { items: [{ productId: suitId, size: "M", color: "Red", quantity: 2, exchangeSize: "L" }] };
    const results = await Promise.all([ask(request(orderId, both)), ask(request(orderId, both))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("refuses items that are not in the order and exchanges for what the product does not offer", async () => {
    const orderId = await deliveredOrder();
    const wrongItem = await ask(
      request(orderId, { items: [{ productId: suitId, size: "S", color: "Red", quantity: 1 }] }),
    );
    expect(wrongItem.json().error).toMatch(/is not in this order$/);
    const noSuchSize = await ask(
      request(orderId, { items: [{ productId: suitId, size: "M", color: "Red", quantity: 1, exchangeSize: "XXL" }] }),
    );
    expect(noSuchSize.json().error).toBe("Lawn Suit is not offered in size XXL");
  });
});

describe("PATCH /api/admin/returns/{id}", () => {
  it("approves an exchange, then completes it with a linked replacement order at no charge", async () => {
    const orderId = await deliveredOrder();
    const created = (await ask(request(orderId))).json();
    const early = await decide(created.id, { status: "completed" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("Approve the request before completing it");
    expect((await decide(created.id, { status: "approved" })).json().status).toBe("approved");
    expect((await trackCard(orderId)).returns[0].statusText).toMatch(/^Exchange approved/);

    const done = await decide(created.id, { status: "completed" });
    expect(done.statusCode).toBe(200);
    const replacementId = done.json().replacementOrderId;
    const [replacement] = await t.db.select().from(orders).where(eq(orders.id, replacementId));
    expect(replacement).toMatchObject({ status: "processing", total: "0.00", replacementOf: orderId });
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, replacementId));
    expect(lines.map((l) => [l.productName, l.size, l.color, l.quantity, l.price])).toEqual([
      ["Lawn Suit", "L", "Red", 1, "0.00"],
    ]);
    const card = await trackCard(orderId);
    expect(card.returns[0]).toMatchObject({ status: "completed", replacementOrderNumber: orderNumber(replacementId) });
  });

  it("rejects with a note the customer reads on the tracking card", async () => {
    const orderId = await deliveredOrder();
    const created = (
      await ask(
        request(orderId, { type: "return", items: [{ productId: suitId, size: "M", color: "Red", quantity: 1 }] }),
      )
    ).json();
    const noNote = await decide(created.id, { status: "rejected" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error).toBe("Tell the customer why the request is not accepted");
    await decide(created.id, { status: "rejected", adminNote: "The tag has been removed" });
    const card = await trackCard(orderId);
    expect(card.returns[0]).toMatchObject({ status: "rejected", adminNote: "The tag has been removed" });
    // A refused request frees its items to be asked for again.
    expect((await ask(request(orderId))).statusCode).toBe(201);
  });

  it("completes a return with the refund's amount and method", async () => {
    const orderId = await deliveredOrder();
    const created = (
      await ask(
        request(orderId, { type: "return", items: [{ productId: suitId, size: "M", color: "Red", quantity: 1 }] }),
      )
    ).json();
    await decide(created.id, { status: "approved" });
    const missing = await decide(created.id, { status: "completed" });
    expect(missing.json().error).toBe("Enter the refund amount and how it was paid");
    const tooMuch = await decide(created.id, { status: "completed", refund: { amount: 99999, method: "jazzcash" } });
    expect(tooMuch.json().error).toBe("The refund cannot be more than the order's total, Rs. 6,000");
    const done = await decide(created.id, { status: "completed", refund: { amount: 3000, method: "easypaisa" } });
    expect(done.json()).toMatchObject({ status: "completed", refundAmount: "3000.00", refundMethod: "easypaisa" });
    expect((await trackCard(orderId)).returns[0].statusText).toBe("Return completed: refund sent");
    const again = await decide(created.id, { status: "rejected", adminNote: "x" });
    expect(again.json().error).toBe("This request is already completed; it cannot be rejected");
  });

  /** Two approved return requests of one suit each on one order of Rs. 6,000. */
  async function twoApprovedReturns() {
    const orderId = await deliveredOrder();
    const suit = { type: "return", items: [{ productId: suitId, size: "M", color: "Red", quantity: 1 }] };
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await ask(request(orderId, suit));
      expect(created.statusCode).toBe(201);
      ids.push(created.json().id);
      expect((await decide(created.json().id, { status: "approved" })).statusCode).toBe(200);
    }
    return ids;
  }

  it("caps the sum of an order's refunds at its total, across its return requests", async () => {
    const [first, second] = await twoApprovedReturns();
    expect((await decide(first, { status: "completed", refund: { amount: 4000, method: "cash" } })).statusCode).toBe(
      200,
    );
    const past = await decide(second, { status: "completed", refund: { amount: 4000, method: "cash" } });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(
      "The refunds of this order cannot add up to more than its total, Rs. 6,000: Rs. 4,000 is refunded already, so at most Rs. 2,000 is left",
    );
    const rest = await decide(second, { status: "completed", refund: { amount: 2000, method: "cash" } });
    expect(rest.json()).toMatchObject({ status: "completed", refundAmount: "2000.00" });
  });

  it("lets only one of two refunds at once through when together they pass the order's total", async () => {
    const [first, second] = await twoApprovedReturns();
    const refund = { status: "completed", refund: { amount: 4000, method: "jazzcash" } };
    const answers = await Promise.all([decide(first, refund), decide(second, refund)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const stored = await t.db
      .select({ amount: returnRequests.refundAmount })
      .from(returnRequests)
      .where(inArray(returnRequests.id, [first, second]));
    expect(stored.map((r) => r.amount).sort()).toEqual(["4000.00", null]);
  });

  it("refuses anonymous callers", async () => {
    expect((await t.app.inject({ url: "/api/admin/returns" })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/returns/00000000-0000-4000-8000-000000000000",
      payload: { status: "approved" },
    });
    expect(res.statusCode).toBe(401);
  });
});
