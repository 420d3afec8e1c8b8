import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems } from "../../db/schema.js";
import { storeImages } from "../images/image-service.js";
import { insertProduct, makeImage, newSessionId } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { CART_WRITES_PER_NETWORK, CART_WRITES_PER_SESSION } from "./cart-throttles.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const add = (body: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/api/cart", payload: body });
const list = (sessionId: string) => t.app.inject({ url: "/api/cart", headers: { "x-session-id": sessionId } });

describe("POST /api/cart", () => {
  it("adds a line and returns it with the nested product and its image refs", async () => {
    const [image] = await storeImages(t.db, [{ filename: "a.png", bytes: await makeImage() }], 800);
    const product = await insertProduct(t.db, { price: "3200.00", images: [image.id] });
    const sessionId = newSessionId();
    const res = await add({
      productId: product.id,
      quantity: 2,
      size: "M",
      color: "Red",
      selectedImage: JSON.stringify(image),
      sessionId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      productId: product.id,
      quantity: 2,
      size: "M",
      color: "Red",
      sessionId,
      product: {
        name: product.name,
        sku: product.sku,
        price: "3200.00",
        images: [{ id: image.id, url: `/api/images/${image.id}` }],
      },
    });
    expect(JSON.parse(res.json().selectedImage).id).toBe(image.id);
  });

  it("merges identical lines (trimmed size and colour) by adding quantities, capped at 99", async () => {
    const product = await insertProduct(t.db);
    const sessionId = newSessionId();
    await add({ productId: product.id, quantity: 60, size: "M", color: "Red", sessionId });
    await add({ productId: product.id, quantity: 30, size: " M ", color: "red ", sessionId });
    const capped = await add({ productId: product.id, quantity: 50, size: "M", color: "Red", sessionId });
    expect(capped.json().quantity).toBe(99);
    const lines = (await list(sessionId)).json();
    expect(lines).toHaveLength(1);
  });

  it("merges simultaneous identical adds into one line", async () => {
    const product = await insertProduct(t.db);
    const sessionId = newSessionId();
    await Promise.all(
      Array.from({ length: 8 }, () => add({ productId: product.id, quantity: 1, size: "S", color: "Blue", sessionId })),
    );
    const lines = (await list(sessionId)).json();
    expect(lines).toHaveLength(1);
    expect(lines[0].quantity).toBe(8);
  });

  it("keeps different sizes as separate lines", async () => {
    const product = await insertProduct(t.db);
    const sessionId = newSessionId();
    await add({ productId: product.id, size: "S", color: "Red", sessionId });
    await add({ productId: product.id, size: "L", color: "Red", sessionId });
    expect((await list(sessionId)).json()).toHaveLength(2);
  });

  it("applies the spec's checks in order with its messages", async () => {
    const product = await insertProduct(t.db, { colorVariantStock: { Blue: false } });
    const sessionId = newSessionId();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ productId: 999999, size: "", color: "" }, 404, "Product not found"],
      [{ productId: product.id, size: "", color: "" }, 400, "Please select a size"],
      [{ productId: product.id, size: "M", color: "" }, 400, "Please select a color"],
      [{ productId: product.id, size: "M", color: "Blue" }, 409, "This color variant is out of stock"],
      [{ productId: product.id, size: "XXL", color: "Red" }, 400, `Size XXL is not available for ${product.name}`],
      [{ productId: product.id, size: "M", color: "Green" }, 400, `Color Green is not available for ${product.name}`],
      [{ productId: product.id, size: "M", color: "Red", quantity: 0 }, 400, "Quantity must be at least 1"],
      [{ productId: product.id, size: "M", color: "Red", quantity: 100 }, 400, "Quantity can be at most 99"],
      [{ productId: product.id, size: "M", color: "Red", quantity: 1.5 }, 400, "Quantity must be a whole number"],
    ];
    for (const [body, status, error] of cases) {
      const res = await add({ ...body, sessionId });
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status, error });
    }
    expect((await list(sessionId)).json()).toEqual([]);
  });

  it("refuses a product that is out of stock", async () => {
    const product = await insertProduct(t.db, { inStock: false });
    const res = await add({ productId: product.id, size: "M", color: "Red", sessionId: newSessionId() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(`${product.name} is out of stock`);
  });

  it("refuses a missing or malformed session id", async () => {
    const product = await insertProduct(t.db);
    const res = await add({ productId: product.id, size: "M", color: "Red", sessionId: "not-a-uuid" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("A cart session id must be a UUID");
  });

  it("never stores a selectedImage the product does not own", async () => {
    const product = await insertProduct(t.db);
    const res = await add({
      productId: product.id,
      size: "M",
      color: "Red",
      selectedImage: '{"id":"x","url":"javascript:alert(1)"}',
      sessionId: newSessionId(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().selectedImage).toBeNull();
  });
});

describe("GET /api/cart", () => {
  it("lists only the session's own lines, by header or ?sessionId=", async () => {
    const product = await insertProduct(t.db);
    const mine = newSessionId();
    const theirs = newSessionId();
    await add({ productId: product.id, size: "M", color: "Red", sessionId: mine });
    await add({ productId: product.id, size: "S", color: "Red", sessionId: theirs });
    expect((await list(mine)).json().map((l: { size: string }) => l.size)).toEqual(["M"]);
    const byQuery = await t.app.inject({ url: `/api/cart?sessionId=${theirs}` });
    expect(byQuery.json().map((l: { size: string }) => l.size)).toEqual(["S"]);
  });

  it("asks for the session id when it is missing or not a UUID", async () => {
    const missing = await t.app.inject({ url: "/api/cart" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/X-Session-Id/);
    const bad = await list("nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/must be a UUID/);
  });
});

describe("PUT and DELETE /api/cart/:itemId", () => {
  it("changes and removes the session's own line", async () => {
    const product = await insertProduct(t.db);
    const sessionId = newSessionId();
    const line = (await add({ productId: product.id, size: "M", color: "Red", sessionId })).json();
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/cart/${line.id}`,
      headers: { "x-session-id": sessionId },
      payload: { quantity: 5 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().quantity).toBe(5);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/cart/${line.id}`,
      headers: { "x-session-id": sessionId },
    });
    expect(del.statusCode).toBe(200);
    expect((await list(sessionId)).json()).toEqual([]);
  });

  it("lets no other session read, change or delete a line, answering as if it did not exist", async () => {
    const product = await insertProduct(t.db);
    const owner = newSessionId();
    const stranger = newSessionId();
    const line = (await add({ productId: product.id, quantity: 3, size: "M", color: "Red", sessionId: owner })).json();
    expect((await list(stranger)).json()).toEqual([]);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/cart/${line.id}`,
      headers: { "x-session-id": stranger },
      payload: { quantity: 9 },
    });
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/cart/${line.id}`,
      headers: { "x-session-id": stranger },
    });
    const noSession = await t.app.inject({ method: "DELETE", url: `/api/cart/${line.id}` });
    expect([put.statusCode, del.statusCode, noSession.statusCode]).toEqual([404, 404, 400]);
    expect(put.json().error).toBe("Cart item not found");
    const [stored] = await t.db.select().from(cartItems).where(eq(cartItems.id, line.id));
    expect(stored.quantity).toBe(3);
  });

  it("refuses bad quantities and unknown ids with a 4xx and changes nothing", async () => {
    const product = await insertProduct(t.db);
    const sessionId = newSessionId();
    const line = (await add({ productId: product.id, quantity: 2, size: "M", color: "Red", sessionId })).json();
    const headers = { "x-session-id": sessionId };
    const zero = await t.app.inject({ method: "PUT", url: `/api/cart/${line.id}`, headers, payload: { quantity: 0 } });
    const text = await t.app.inject({
      method: "PUT",
      url: `/api/cart/${line.id}`,
      headers,
      payload: { quantity: "lots" },
    });
    const malformed = await t.app.inject({
      method: "PUT",
      url: `/api/cart/${line.id}`,
      headers: { ...headers, "content-type": "application/json" },
      payload: "{quantity:",
    });
    const unknown = await t.app.inject({ method: "PUT", url: "/api/cart/abc", headers, payload: { quantity: 1 } });
    expect([zero.statusCode, text.statusCode, malformed.statusCode, unknown.statusCode]).toEqual([400, 400, 400, 404]);
    expect(zero.json().error).toBe("Quantity must be at least 1");
    expect(text.json().error).toBe("Quantity must be a number");
    expect((await list(sessionId)).json()[0].quantity).toBe(2);
  });
});

describe("cart expiry", () => {
  it("forgets lines untouched for 30 days, and sweeps them at the next add", async () => {
    const product = await insertProduct(t.db);
    const stale = newSessionId();
    const fresh = newSessionId();
    expect(
      (await add({ sessionId: stale, productId: product.id, size: "M", color: "Red", quantity: 2 })).statusCode,
    ).toBe(201);
    await t.db
      .update(cartItems)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600_000).toISOString() })
      .where(eq(cartItems.sessionId, stale));
    expect((await list(stale)).json()).toEqual([]);
    await add({ sessionId: fresh, productId: product.id, size: "M", color: "Red", quantity: 1 });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.sessionId, stale))).toEqual([]);
    // Coming back after a month starts a new line, not the old quantity plus one.
    await add({ sessionId: stale, productId: product.id, size: "M", color: "Red", quantity: 1 });
    expect((await list(stale)).json()[0].quantity).toBe(1);
  });
});

describe("cart write throttles", () => {
  // Removing a line that is not there is the cheapest write; it counts like any other.
  const remove = (sessionId: string, remoteAddress: string) =>
    t.app.inject({ method: "DELETE", url: "/api/cart/999999", headers: { "x-session-id": sessionId }, remoteAddress });
  async function writeMany(count: number, sessionOf: (i: number) => string, remoteAddress: string) {
    for (let i = 0; i < count; i += 50) {
      const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => remove(sessionOf(i + j), remoteAddress));
      for (const res of await Promise.all(batch)) expect(res.statusCode).toBe(404);
    }
  }
  const expectRefused = (
    res: { statusCode: number; json(): { error: string }; headers: Record<string, unknown> },
    who: RegExp,
  ) => {
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatch(/^Too many cart changes from .+\. Please try again in \d+ minutes?\.$/);
    expect(res.json().error).toMatch(who);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  };

  it("refuses a browser session past its generous limit, with when to retry, and not another session", async () => {
    const product = await insertProduct(t.db);
    const busy = newSessionId();
    await writeMany(CART_WRITES_PER_SESSION, () => busy, "10.40.0.1");
    expectRefused(await remove(busy, "10.40.0.1"), /this browser/);
    const refusedAdd = await t.app.inject({
      method: "POST",
      url: "/api/cart",
      remoteAddress: "10.40.0.2",
      payload: { sessionId: busy, productId: product.id, size: "M", color: "Red", quantity: 1 },
    });
    expectRefused(refusedAdd, /this browser/);
    expect((await remove(newSessionId(), "10.40.0.1")).statusCode).toBe(404);
  });

  it("refuses a network past its limit (many sessions), and not another network", async () => {
    const sessions = Array.from({ length: 10 }, () => newSessionId());
    await writeMany(CART_WRITES_PER_NETWORK, (i) => sessions[i % sessions.length], "10.41.0.1");
    expectRefused(await remove(newSessionId(), "10.41.0.1"), /your network/);
    expect((await remove(newSessionId(), "10.41.0.2")).statusCode).toBe(404);
  });
});
