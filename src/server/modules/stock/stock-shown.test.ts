import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutPayload,
  insertCategory,
  insertProduct,
  mobileNumber,
  postOrder,
  trackStock,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// The contract's `variantStock` is the count: every answer shows it exactly after each order,
// cancel and return, while the catalogue cache keeps the rest of the product (decision 035).
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

const admin = () => ({ cookie: t.adminCookie });
type Counted = { id: number; variantStock?: { size: string; color: string; quantity: number }[] };
const smallRed = (p?: Counted) => p?.variantStock?.find((v) => v.size === "S" && v.color === "Red")?.quantity;
/** S / Red as the public product, staff's read of it, and the catalogue list show it. */
const shown = async (id: number) => {
  const one = await t.app.inject({ url: `/api/products/${id}` });
  const staff = await t.app.inject({ url: `/api/products/${id}`, headers: admin() });
  const list = await t.app.inject({ url: "/api/products?page=1&pageSize=20&sort=newest", headers: admin() });
  const listed = (list.json().products as Counted[]).find((p) => p.id === id);
  return [smallRed(one.json()), smallRed(staff.json()), smallRed(listed)];
};
const setStatus = (orderId: string, status: string) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/${orderId}`, payload: { status }, headers: admin() });

describe("GET /api/products/:id with counted stock", () => {
  it("shows the exact count after each order, cancel and return, to shoppers and staff", async () => {
    const p = await insertProduct(t.db, { sizes: ["S", "M"], colors: ["Red"] });
    await trackStock(t.db, p, [
      { size: "S", color: "Red", quantity: 8 },
      { size: "M", color: "Red", quantity: 20 },
    ]);
    expect(await shown(p.id)).toEqual([8, 8, 8]);
    const order = () =>
      postOrder(
        t.app,
        checkoutPayload([{ productId: p.id, size: "S", color: "Red", quantity: 1 }], {
          customerPhone: mobileNumber(p.id * 10 + Math.floor(Math.random() * 9), "0345"),
        }),
      );
    const first = await order();
    const second = await order();
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(await shown(p.id)).toEqual([6, 6, 6]);

    expect((await setStatus(first.json().id, "cancelled")).statusCode).toBe(200);
    expect(await shown(p.id)).toEqual([7, 7, 7]);

    expect((await setStatus(second.json().id, "shipped")).statusCode).toBe(200);
    expect((await setStatus(second.json().id, "returned")).statusCode).toBe(200);
    expect(await shown(p.id)).toEqual([8, 8, 8]);
  });

  it("still answers from the catalogue cache while the counts have not changed", async () => {
    const p = await insertProduct(t.db, { sizes: ["S"], colors: ["Red"] });
    await trackStock(t.db, p, [{ size: "S", color: "Red", quantity: 8 }]);
    const first = await t.app.inject({ url: `/api/products/${p.id}` });
    const again = await t.app.inject({
      url: `/api/products/${p.id}`,
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(t.app.catalogueCache.size).toBeGreaterThan(0);
  });
});
