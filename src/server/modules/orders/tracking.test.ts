import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { insertProduct, placeOrder, setOrderStatus } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { orderRef } from "../order-core/order-ref.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const track = (body: Record<string, unknown>, ip = "10.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/orders/track", payload: body, remoteAddress: ip });

describe("POST /api/orders/track", () => {
  it("finds the same order from '+92 300 1234567', '03001234567' and '923001234567'", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "0300-1234567" });
    for (const phone of ["+92 300 1234567", "03001234567", "923001234567"]) {
      const res = await track({ phone, orderNumber: orderNumber(order.id) });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((o: { id: string }) => o.id)).toContain(order.id);
    }
  });

  it("returns only the order card: never the street address, email, postal code or session id", async () => {
    const product = await insertProduct(t.db);
    await placeOrder(t.app, [{ productId: product.id }], {
      customerPhone: "03011111111",
      sessionId: "3f1b1a3c-4c1e-4b7a-9d1e-0a1b2c3d4e5f",
      shippingAddress: "Secret House 99, Hidden Street",
      customerEmail: "private@example.com",
      postalCode: "54321",
    });
    const res = await track({ phone: "03011111111" });
    const [card] = res.json();
    expect(Object.keys(card).sort()).toEqual([
      // What the shopper pays, part by part (CONTRACT.md part three, issue 24).
      "advance",
      "city",
      "codAmount",
      "codFee",
      "courier",
      "createdAt",
      "customerName",
      "customerPhone",
      "deliveredAt",
      "deliveryFee",
      "discount",
      "discountCode",
      "id",
      "items",
      "orderNumber",
      "returnedAt",
      "returns",
      // What automatic sales took off (decision 024).
      "saleDiscount",
      "shippedAt",
      "status",
      "subtotal",
      "total",
      "trackingNumber",
      "trackingUrl",
    ]);
    expect(res.body).not.toMatch(/Secret House|private@example|54321|3f1b1a3c/);
  });

  it("shows the whole name, the order's id and its number only to a caller who typed the order number", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], {
      customerPhone: "03022222222",
      customerName: "Ayesha Khan",
    });
    const [byPhone] = (await track({ phone: "03022222222" })).json();
    expect(byPhone).toMatchObject({ customerName: "A. K.", orderNumber: null });
    expect(byPhone.id).not.toBe(order.id);
    const byName = await track({ phone: "03022222222", name: " AYESHA  khan " });
    expect(byName.json()[0].customerName).toBe("A. K.");
    // Neither the id nor the number is anywhere in what a phone number and a name get.
    expect(byName.body.toUpperCase()).not.toContain(orderNumber(order.id));
    const proven = (
      await track({ phone: "03022222222", orderNumber: `#${orderNumber(order.id).toLowerCase()}` })
    ).json();
    expect(proven[0]).toMatchObject({ id: order.id, orderNumber: orderNumber(order.id), customerName: "Ayesha Khan" });
    const wrong = (await track({ phone: "03022222222", orderNumber: "00000000" })).json();
    expect(wrong[0]).toMatchObject({ customerName: "A. K.", orderNumber: null });
  });

  it("no longer confirms a guessed name word by word: every guess with the right initials gets the same answer", async () => {
    const product = await insertProduct(t.db);
    await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03022222233", customerName: "Noor Aslam" });
    const answer = async (name?: string) => (await track({ phone: "03022222233", ...(name ? { name } : {}) })).body;
    const initialsOnly = await answer();
    expect(JSON.parse(initialsOnly)[0].customerName).toBe("N. A.");
    for (const guess of ["Noor", "Nadia", "Aslam", "Ahmed", "Noor Aslam", "Nadia Ahmed", "aslam noor"])
      expect(await answer(guess)).toBe(initialsOnly);
    // A wrong initial filters the order out, as the card's initials already tell.
    expect(JSON.parse(await answer("Sana"))).toEqual([]);
  });

  it("refuses an order number that is not 8 letters and digits, saying what to enter", async () => {
    const res = await track({ phone: "03022222222", orderNumber: "12-34" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      "Enter the 8-character order number from your WhatsApp message or parcel label, such as 3F9A1C2B.",
    );
  });

  it("filters by city substrings, and by names: whole words on a proven order, first letters on the others", async () => {
    const product = await insertProduct(t.db);
    const lahore = await placeOrder(t.app, [{ productId: product.id }], {
      customerPhone: "03033333333",
      city: "Lahore",
      customerName: "Sana Ali",
    });
    const karachi = await placeOrder(t.app, [{ productId: product.id }], {
      customerPhone: "03033333333",
      city: "Karachi",
      customerName: "Hina Raza",
    });
    const numbers = async (body: Record<string, unknown>) =>
      (await track({ phone: "03033333333", ...body })).json().map((o: { id: string; orderNumber: string | null }) => o);
    const refs = (await numbers({})).map((o: { id: string }) => o.id);
    const [karachiRef, lahoreRef] = refs;
    expect((await numbers({ city: "LAHO" })).map((o: { id: string }) => o.id)).toEqual([lahoreRef]);
    expect((await numbers({ name: "RAZA" })).map((o: { id: string }) => o.id)).toEqual([karachiRef]);
    expect(await numbers({ name: "nobody" })).toEqual([]);
    // On an order the caller proved, the name filter needs whole words.
    const proof = { orderNumber: orderNumber(karachi.id) };
    expect((await numbers({ ...proof, name: "hina" })).map((o: { id: string }) => o.id)).toEqual([karachi.id]);
    expect(await numbers({ ...proof, name: "hin" })).toEqual([]);
    expect((await numbers({ orderNumber: orderNumber(lahore.id), city: "lahore" }))[0].customerName).toBe("Sana Ali");
  });

  it("sorts by status order (pending first, cancelled last), then newest first", async () => {
    const product = await insertProduct(t.db);
    const phone = "03044444444";
    const placed = [];
    for (let i = 0; i < 4; i++)
      placed.push(await placeOrder(t.app, [{ productId: product.id }], { customerPhone: phone }));
    await setOrderStatus(t.db, placed[0].id, "cancelled");
    await setOrderStatus(t.db, placed[1].id, "delivered");
    const res = (await track({ phone })).json();
    expect(res.map((o: { status: string }) => o.status)).toEqual(["pending", "pending", "delivered", "cancelled"]);
    expect(res[0].id).toBe(orderRef(placed[3].id));
  });

  it("does not match a different number that merely shares digits", async () => {
    const product = await insertProduct(t.db);
    await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03055555555" });
    expect((await track({ phone: "03055555556" })).json()).toEqual([]);
  });

  it("refuses a phone with fewer than 10 digits", async () => {
    const res = await track({ phone: "12345" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Enter your phone number with at least 10 digits");
    const missing = await track({});
    expect(missing.statusCode).toBe(400);
  });

  it("cancels a pending order from a card found by phone number alone, by its reference, without giving away its number", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03088888888" });
    const [card] = (await track({ phone: "03088888888" })).json();
    const cancel = (phone: string) =>
      t.app.inject({ method: "PATCH", url: `/api/orders/${card.id}`, payload: { status: "cancelled", phone } });
    expect((await cancel("03119999999")).statusCode).toBe(404);
    const res = await cancel("0308 8888888");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: card.id, status: "cancelled", orderNumber: null });
    expect(res.body).not.toContain(order.id);
  });

  it("throttles repeated searches for one phone number with a message saying when to retry", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await track({ phone: "03066666666" }, `10.1.0.${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const last = await track({ phone: "0306 6666666" }, "10.1.1.1");
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toMatch(/Please try again in \d+ minutes?/);
    expect(last.headers["retry-after"]).toBeDefined();
    expect((await track({ phone: "03077777777" }, "10.1.1.1")).statusCode).toBe(200);
  });
});
