import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, placeOrder, setOrderStatus } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

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
      const res = await track({ phone });
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
      "city",
      "courier",
      "createdAt",
      "customerName",
      "customerPhone",
      "deliveredAt",
      "id",
      "items",
      "returnedAt",
      "returns",
      "shippedAt",
      "status",
      "total",
      "trackingNumber",
      "trackingUrl",
    ]);
    expect(res.body).not.toMatch(/Secret House|private@example|54321|3f1b1a3c/);
  });

  it("shows initials unless the caller typed the customer's name", async () => {
    const product = await insertProduct(t.db);
    await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03022222222", customerName: "Ayesha Khan" });
    expect((await track({ phone: "03022222222" })).json()[0].customerName).toBe("A. K.");
    expect((await track({ phone: "03022222222", name: "ayesha" })).json()[0].customerName).toBe("A. K.");
    expect((await track({ phone: "03022222222", name: " AYESHA  khan " })).json()[0].customerName).toBe("Ayesha Khan");
  });

  it("filters by city substrings and by whole words of the name, case-insensitively", async () => {
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
    const ids = async (body: Record<string, unknown>) => (await track(body)).json().map((o: { id: string }) => o.id);
    expect(await ids({ phone: "03033333333", city: "LAHO" })).toEqual([lahore.id]);
    expect(await ids({ phone: "03033333333", name: "RAZA" })).toEqual([karachi.id]);
    expect(await ids({ phone: "03033333333", name: "nobody" })).toEqual([]);
    // A few letters find nothing, so the name cannot be read a letter at a time.
    expect(await ids({ phone: "03033333333", name: "raz" })).toEqual([]);
    expect(await ids({ phone: "03033333333", name: "h" })).toEqual([]);
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
    expect(res[0].id).toBe(placed[3].id);
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
