import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkoutPayload,
  createProduct,
  insertCategory,
  mobileNumber,
  placeOrder,
  postOrder,
  productData,
  sendProduct,
} from "../../test/factory.js";
import { testStorefront } from "../../test/storefront.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

/**
 * A product's shown price is its cheapest available variant's (decision 038): when an order takes
 * the cheapest variant's last unit the list, the page and the feed show the next price at once,
 * and the price comes back when the unit does (a cancellation).
 */
let t: TestContext;
let remove: () => void;
let lawn: { id: number; handle: string; variants: { id: number; options: Record<string, string> }[] };
const variantId = (make: string) => lawn.variants.find((v) => v.options.Make === make)!.id;

beforeAll(async () => {
  const storefront = await testStorefront();
  remove = storefront.remove;
  t = await createTestApp({ clientDir: storefront.clientDir, publicUrl: "https://shop.example.pk" });
  await insertCategory(t.db, "casual");
  lawn = await createProduct(t, {
    name: "Lawn suit",
    sku: "",
    trackStock: true,
    options: [
      { name: "Make", values: ["Unstitched", "Stitched"] },
      { name: "Size", values: ["M"] },
    ],
    variants: [
      { options: { Make: "Unstitched", Size: "M" }, price: "4990", stock: 1 },
      { options: { Make: "Stitched", Size: "M" }, price: "6490", stock: 3 },
    ],
  });
});
afterAll(async () => {
  await t.close();
  remove();
});

/** The price the list, the product's JSON, its rendered page and the feed show for the lawn suit. */
async function shownPrices() {
  const list = (await t.app.inject({ url: "/api/products?limit=100" })).json();
  const items: { id: number; price: string }[] = Array.isArray(list) ? list : list.products;
  const one = (await t.app.inject({ url: `/api/products/${lawn.id}` })).json();
  const page = (await t.app.inject({ url: `/products/${lawn.handle}` })).body;
  const feed = (await t.app.inject({ url: "/feeds/products.xml" })).body;
  const unstitched = feed.split("<item>").find((i) => i.includes(`<g:id>${lawn.id}_unstitched-m</g:id>`)) ?? "";
  return {
    list: items.find((p) => p.id === lawn.id)?.price,
    product: one.price,
    page: /"price":"([\d.]+)"/.exec(page)?.[1],
    feedUnstitched: /<g:availability>([^<]+)</.exec(unstitched)?.[1],
  };
}

describe("the shown price follows the variants' counts", () => {
  it("moves to the next price when the cheapest variant's last unit is sold, and back when it is cancelled", async () => {
    expect(await shownPrices()).toEqual({
      list: "4990.00",
      product: "4990.00",
      page: "4990.00",
      feedUnstitched: "in stock",
    });

    const order = await placeOrder(t.app, [{ productId: lawn.id, variantId: variantId("Unstitched"), quantity: 1 }]);
    expect(await shownPrices()).toEqual({
      list: "6490.00",
      product: "6490.00",
      page: "6490.00",
      feedUnstitched: "out of stock",
    });

    // A sale that leaves units of the cheapest available variant does not move it.
    await placeOrder(t.app, [{ productId: lawn.id, variantId: variantId("Stitched"), quantity: 1 }]);
    expect((await shownPrices()).product).toBe("6490.00");

    const cancel = await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${order.id}`,
      payload: { status: "cancelled" },
      headers: { cookie: t.adminCookie },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await shownPrices()).toEqual({
      list: "4990.00",
      product: "4990.00",
      page: "4990.00",
      feedUnstitched: "in stock",
    });
  });

  it("does not refuse orders of the product's other variants placed at the same moment as the last cheap unit", async () => {
    const res = await sendProduct(t, "POST", "/api/products", {
      productData: JSON.stringify(
        productData({
          name: "Khaddar suit",
          sku: "",
          trackStock: true,
          options: [{ name: "Make", values: ["Unstitched", "Stitched", "Pret"] }],
          variants: [
            { options: { Make: "Unstitched" }, price: "3990", stock: 1 },
            { options: { Make: "Stitched" }, price: "5490", stock: 50 },
            { options: { Make: "Pret" }, price: "6990", stock: 50 },
          ],
        }),
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    const khaddar: typeof lawn = res.json();
    const id = (make: string) => khaddar.variants.find((v) => v.options.Make === make)!.id;
    const makes = ["Unstitched", ...Array.from({ length: 11 }, (_, n) => (n % 2 ? "Stitched" : "Pret"))];
    const placed = await Promise.all(
      makes.map((make, n) =>
        postOrder(
          t.app,
          checkoutPayload([{ productId: khaddar.id, variantId: id(make), quantity: 1 }], {
            customerPhone: mobileNumber(n, "0301"),
          }),
        ),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(makes.map(() => 201));
    expect((await t.app.inject({ url: `/api/products/${khaddar.id}` })).json().price).toBe("5490.00");
  });
});
