import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, orderItems, orders, productStock } from "../../db/schema.js";
import {
  checkoutPayload,
  countRows,
  createProduct,
  insertCategory,
  insertProduct,
  newSessionId,
  placeOrder,
  postOrder,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
interface Variant {
  id: number;
  options: Record<string, string>;
  price: string;
}
let lawn: { id: number; variants: Variant[] };
const variant = (make: string, size: string) =>
  lawn.variants.find((v) => v.options.Make === make && v.options.Size === size)!;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
  lawn = await createProduct(t, {
    name: "Lawn suit",
    sku: "",
    options: [
      { name: "Make", values: ["Unstitched", "Stitched"] },
      { name: "Size", values: ["S", "M"] },
      { name: "Color", values: ["Red"] },
    ],
    variants: [
      { options: { Make: "Unstitched", Size: "S", Color: "Red" }, price: "4990", stock: 10 },
      { options: { Make: "Stitched", Size: "S", Color: "Red" }, price: "6490", stock: 2 },
      { options: { Make: "Stitched", Size: "M", Color: "Red" }, price: "6490", stock: 5 },
    ],
  });
});
afterAll(() => t.close());

const addToCart = (body: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/cart", payload: { quantity: 1, ...body } });

describe("POST /api/cart with a variant", () => {
  it("adds the variant named by id, at its own price, and merges a second tap into the same line", async () => {
    const sessionId = newSessionId();
    const stitched = variant("Stitched", "M");
    const first = await addToCart({ sessionId, productId: lawn.id, variantId: stitched.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      variantId: stitched.id,
      options: { Make: "Stitched", Size: "M", Color: "Red" },
      size: "M",
      color: "Red",
      product: { price: "6490.00" },
    });
    await addToCart({ sessionId, productId: lawn.id, variantId: stitched.id });
    const unstitched = await addToCart({ sessionId, productId: lawn.id, variantId: variant("Unstitched", "S").id });
    expect(unstitched.json().product.price).toBe("4990.00");
    const lines = (await t.app.inject({ url: "/api/cart", headers: { "x-session-id": sessionId } })).json();
    expect(lines.map((l: { variantId: number; quantity: number }) => [l.variantId, l.quantity])).toEqual([
      [stitched.id, 2],
      [variant("Unstitched", "S").id, 1],
    ]);
  });

  it("refuses a variant of another product with 409 naming the product, storing nothing", async () => {
    const other = await insertProduct(t.db, { name: "Khaddar kurta" });
    const before = await countRows(t.db, cartItems);
    const res = await addToCart({
      sessionId: newSessionId(),
      productId: other.id,
      variantId: variant("Stitched", "S").id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Khaddar kurta is not sold in the variant chosen/);
    expect(await countRows(t.db, cartItems)).toBe(before);
  });

  it("takes an old client's size and colour when they name one variant, and asks for the rest when they do not", async () => {
    const plain = await insertProduct(t.db, { name: "Printed lawn", price: "2500.00" });
    const old = await addToCart({ sessionId: newSessionId(), productId: plain.id, size: "M", color: "Red" });
    expect(old.statusCode, old.body).toBe(201);
    expect(old.json()).toMatchObject({
      variantId: plain.variants.find((v) => v.size === "M" && v.color === "Red")!.id,
      options: { Size: "M", Color: "Red" },
    });
    const open = await addToCart({ sessionId: newSessionId(), productId: lawn.id, size: "S", color: "Red" });
    expect(open.statusCode).toBe(400);
    expect(open.json().error).toBe("Please choose Make for Lawn suit");
    // Unstitched comes in S only: "Unstitched / M" is not sold.
    const unsold = await addToCart({ sessionId: newSessionId(), productId: lawn.id, size: "M", color: "Red" });
    expect(unsold.statusCode, unsold.body).toBe(201);
    expect(unsold.json().options.Make).toBe("Stitched");
  });
});

describe("quote and placement of a variant", () => {
  it("quotes and places at the variant's price, the order's lines carrying the variant and its options", async () => {
    const unstitched = variant("Unstitched", "S");
    const items = [{ productId: lawn.id, variantId: unstitched.id, quantity: 2 }];
    const quote = await t.app.inject({ method: "POST", url: "/api/checkout/quote", payload: { items } });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({
      subtotal: 9980,
      lines: [{ variantId: unstitched.id, options: unstitched.options, price: 4990 }],
    });
    const order = await placeOrder(t.app, items);
    expect(order.total).toBe("9980.00");
    expect(order.items).toEqual([
      expect.objectContaining({ variantId: unstitched.id, options: unstitched.options, price: 4990, size: "S" }),
    ]);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect([line.variantId, line.options, line.price]).toEqual([unstitched.id, unstitched.options, "4990.00"]);
    const read = await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: t.adminCookie } });
    expect(read.json().items[0]).toMatchObject({ variantId: unstitched.id, options: unstitched.options });
  });

  it("takes stock from the variant ordered only, and refuses more than is left naming the variant", async () => {
    const stitchedS = variant("Stitched", "S");
    const before = await countRows(t.db, orders);
    const tooMany = await postOrder(
      t.app,
      checkoutPayload([{ productId: lawn.id, variantId: stitchedS.id, quantity: 3 }]),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe("Only 2 left of Lawn suit (Stitched / S / Red); please lower the quantity");
    expect(await countRows(t.db, orders)).toBe(before);
    await placeOrder(t.app, [{ productId: lawn.id, variantId: stitchedS.id, quantity: 2 }]);
    const left = await t.db.select().from(productStock).where(eq(productStock.productId, lawn.id));
    expect(Object.fromEntries(left.map((s) => [s.variantId, s.quantity]))).toMatchObject({
      [stitchedS.id]: 0,
      [variant("Stitched", "M").id]: 5,
    });
    const product = (await t.app.inject({ url: `/api/products/${lawn.id}` })).json();
    expect(product.variants.find((v: Variant) => v.id === stitchedS.id)).toMatchObject({ available: false, stock: 0 });
  });

  it("refuses a variant that is not sold, or another product's, with 409 naming the item, storing nothing", async () => {
    const other = await insertProduct(t.db, { name: "Chiffon dupatta" });
    const before = await countRows(t.db, orders);
    const foreign = await postOrder(
      t.app,
      checkoutPayload([{ productId: other.id, variantId: variant("Stitched", "M").id }]),
    );
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().error).toMatch(/Chiffon dupatta is not sold in the variant chosen/);
    const gone = await postOrder(t.app, checkoutPayload([{ productId: lawn.id, variantId: 2_000_000 }]));
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toMatch(/Lawn suit is not sold in the variant chosen/);
    expect(await countRows(t.db, orders)).toBe(before);
  });

  it("takes an order by hand for a variant at its price", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/orders",
      headers: { cookie: t.adminCookie },
      payload: {
        customerName: "Sana Malik",
        customerPhone: "0301 2345678",
        shippingAddress: "Flat 3, Block B, Clifton",
        city: "Karachi",
        source: "phone",
        items: [{ productId: lawn.id, variantId: variant("Stitched", "M").id, quantity: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items[0]).toMatchObject({ price: 6490, options: { Make: "Stitched", Size: "M", Color: "Red" } });
  });
});
