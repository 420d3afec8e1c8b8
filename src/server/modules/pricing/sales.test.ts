import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../jobs/clock.js";
import { checkoutPayload, insertCategory, insertProduct, newSessionId, postOrder } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

const clock = new ManualClock(new Date("2026-11-27T18:00:00Z"));
let t: TestContext;
let dress: { id: number };
let kurta: { id: number };
let ring: { id: number };
beforeAll(async () => {
  t = await createTestApp({ clock });
  await insertCategory(t.db, "party");
  await insertCategory(t.db, "accessories");
  dress = await insertProduct(t.db, { price: "4000.00", originalPrice: null, category: "party", name: "Party Dress" });
  kurta = await insertProduct(t.db, { price: "3000.00", originalPrice: "5000.00", category: "party" });
  ring = await insertProduct(t.db, { price: "900.00", category: "accessories" });
});
afterAll(() => t.close());

const priceOf = async (id: number) => {
  const res = await t.app.inject({ url: `/api/products/${id}` });
  const { price, originalPrice } = res.json();
  return { price, originalPrice, etag: res.headers.etag };
};

describe("An automatic sale", () => {
  it("starts and ends at its times without a restart, and the cache serves the new price at once", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: { cookie: t.adminCookie },
      payload: {
        code: null,
        kind: "percent",
        value: 25,
        categories: ["party"],
        startsAt: "2026-11-28T00:00:00+05:00",
        endsAt: "2026-11-30T00:00:00+05:00",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = await priceOf(dress.id);
    expect(before).toMatchObject({ price: "4000.00", originalPrice: null });
    expect((await priceOf(dress.id)).etag).toBe(before.etag); // cached

    clock.set(new Date("2026-11-27T19:00:00Z")); // midnight in Karachi
    expect(await priceOf(dress.id)).toMatchObject({ price: "3000.00", originalPrice: "4000.00" });
    // Its own higher original price stays the one struck through; out of scope, untouched.
    expect(await priceOf(kurta.id)).toMatchObject({ price: "2250.00", originalPrice: "5000.00" });
    expect(await priceOf(ring.id)).toMatchObject({ price: "900.00" });
    const list = (await t.app.inject({ url: "/api/products?category=party" })).json();
    expect(list.map((p: { price: string }) => p.price).sort()).toEqual(["2250.00", "3000.00"]);

    // The cart and the order are priced the same.
    const sessionId = newSessionId();
    await t.app.inject({
      method: "POST",
      url: "/api/cart",
      payload: { sessionId, productId: dress.id, quantity: 1, size: "M", color: "Red" },
    });
    const cart = (await t.app.inject({ url: `/api/cart?sessionId=${sessionId}` })).json();
    expect(cart[0].product.price).toBe("3000.00");
    const order = await postOrder(t.app, checkoutPayload([{ productId: dress.id }, { productId: ring.id }]));
    expect(order.json()).toMatchObject({ subtotal: "3900.00", discount: "0.00", total: "3900.00" });
    expect(order.json().items.map((i: { price: number }) => i.price)).toEqual([3000, 900]);

    clock.set(new Date("2026-11-29T19:00:00Z"));
    expect(await priceOf(dress.id)).toMatchObject({ price: "4000.00", originalPrice: null });
  });

  it("lets the lower price win where two sales cover a product, and stops when paused", async () => {
    const add = async (body: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: "POST",
          url: "/api/admin/discounts",
          headers: { cookie: t.adminCookie },
          payload: { code: null, ...body },
        })
      ).json();
    await add({ kind: "fixed", value: 100, productIds: [ring.id] });
    const tenPercent = await add({ kind: "percent", value: 10 });
    expect((await priceOf(ring.id)).price).toBe("800.00");
    expect((await priceOf(dress.id)).price).toBe("3600.00");
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/discounts/${tenPercent.id}`,
      headers: { cookie: t.adminCookie },
      payload: { active: false },
    });
    expect((await priceOf(dress.id)).price).toBe("4000.00");
  });
});
