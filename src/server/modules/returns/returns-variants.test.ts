import { eq, sql } from "drizzle-orm";
import { orderNumber } from "@shared/rules/labels.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, products, productStock, returnRequests } from "../../db/schema.js";
import { countRows, createProduct, insertCategory, insertProduct, placeOrder } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

/**
 * Exchanges by variant (issue 40, decision 038): the customer names the line by its variant and
 * what they want instead by `exchangeVariantId`, one of the product's variants on sale and in
 * stock; anything else is refused with 409 naming the item, and nothing is stored.
 */
let t: TestContext;
let lawn: { id: number; variants: { id: number; options: Record<string, string> }[] };
let otherVariant: number;
const PHONE = "+92 300 1234567";
const variantId = (make: string, size: string) =>
  lawn.variants.find((v) => v.options.Make === make && v.options.Size === size)!.id;

beforeAll(async () => {
  t = await createTestApp();
  await insertCategory(t.db, "casual");
  lawn = await createProduct(t, {
    name: "Lawn suit",
    sku: "",
    trackStock: true,
    options: [
      { name: "Make", values: ["Unstitched", "Stitched"] },
      { name: "Size", values: ["S", "M"] },
      { name: "Color", values: ["Red"] },
    ],
    variants: [
      { options: { Make: "Unstitched", Size: "S", Color: "Red" }, price: "4990", stock: 5 },
      { options: { Make: "Stitched", Size: "S", Color: "Red" }, price: "6490", stock: 5 },
      { options: { Make: "Stitched", Size: "M", Color: "Red" }, price: "6490", stock: 0 },
    ],
  });
  otherVariant = (await insertProduct(t.db, { name: "Khaddar kurta" })).variants[0].id;
});
afterAll(() => t.close());

/** A delivered order of one Stitched / S / Red lawn suit. */
async function deliveredOrder(): Promise<string> {
  const id = (await placeOrder(t.app, [{ productId: lawn.id, variantId: variantId("Stitched", "S"), quantity: 1 }])).id;
  await t.db.execute(
    sql`update orders set status = 'delivered', delivered_at = now() - interval '1 day' where id = ${id}`,
  );
  return id;
}
const exchange = (orderId: string, item: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/returns",
    payload: {
      orderId,
      phone: PHONE,
      type: "exchange",
      reason: "I wanted it unstitched",
      items: [{ productId: lawn.id, variantId: variantId("Stitched", "S"), quantity: 1, ...item }],
    },
  });
const decide = (id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/returns/${id}`, payload, headers: { cookie: t.adminCookie } });

describe("an exchange for another variant", () => {
  it("is asked for by variant and sent as that variant, though it shares the size and colour", async () => {
    const orderId = await deliveredOrder();
    const asked = await exchange(orderId, { exchangeVariantId: variantId("Unstitched", "S") });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().items).toEqual([
      expect.objectContaining({
        productName: "Lawn suit",
        size: "S",
        color: "Red",
        exchangeVariantId: variantId("Unstitched", "S"),
        exchangeOptions: { Make: "Unstitched", Size: "S", Color: "Red" },
        exchangeSize: "S",
        exchangeColor: "Red",
      }),
    ]);
    const id = asked.json().id;
    expect((await decide(id, { status: "approved" })).statusCode).toBe(200);
    const done = await decide(id, { status: "completed" });
    expect(done.statusCode, done.body).toBe(200);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, done.json().replacementOrderId));
    expect(lines.map((l) => [l.variantId, l.options, l.price])).toEqual([
      [variantId("Unstitched", "S"), { Make: "Unstitched", Size: "S", Color: "Red" }, "0.00"],
    ]);
  });

  it("is refused with 409 naming the item for a sold-out variant, another product's, a line not in the order, or a draft", async () => {
    const orderId = await deliveredOrder();
    const before = await countRows(t.db, returnRequests);
    const soldOut = await exchange(orderId, { exchangeVariantId: variantId("Stitched", "M") });
    expect([soldOut.statusCode, soldOut.json().error]).toEqual([
      409,
      "Lawn suit: Stitched / M / Red is sold out; choose another or ask for a return",
    ]);
    const elsewhere = await exchange(orderId, { exchangeVariantId: otherVariant });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([
      409,
      "Lawn suit is not sold in the choice made for Lawn suit (Stitched, S, Red); choose one of its options on sale",
    ]);
    const notOrdered = await exchange(orderId, {
      variantId: variantId("Unstitched", "S"),
      exchangeVariantId: variantId("Stitched", "S"),
    });
    expect(notOrdered.statusCode).toBe(409);
    expect(notOrdered.json().error).toMatch(/is not in this order$/);
    await t.db.update(products).set({ status: "draft" }).where(eq(products.id, lawn.id));
    try {
      const draft = await exchange(orderId, { exchangeVariantId: variantId("Unstitched", "S") });
      expect([draft.statusCode, draft.json().error]).toEqual([
        409,
        "Lawn suit is no longer sold; ask for a return instead",
      ]);
    } finally {
      await t.db.update(products).set({ status: "active" }).where(eq(products.id, lawn.id));
    }
    expect(await countRows(t.db, returnRequests)).toBe(before);
  });

  it("still takes an older client's size and colour", async () => {
    const orderId = await deliveredOrder();
    const res = await exchange(orderId, { variantId: undefined, size: "S", color: "Red", exchangeSize: "M" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items[0]).toMatchObject({ size: "S", color: "Red", exchangeSize: "M" });
  });
});

/** A delivered order of one Unstitched / S / Red and one Stitched / S / Red: two lines of one size and colour. */
async function bothMakes(): Promise<string> {
  const id = (
    await placeOrder(t.app, [
      { productId: lawn.id, variantId: variantId("Unstitched", "S"), quantity: 1 },
      { productId: lawn.id, variantId: variantId("Stitched", "S"), quantity: 1 },
    ])
  ).id;
  await t.db.execute(
    sql`update orders set status = 'delivered', delivered_at = now() - interval '1 day' where id = ${id}`,
  );
  return id;
}
const ask = (orderId: string, type: "return" | "exchange", item: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/returns",
    payload: { orderId, phone: PHONE, type, reason: "Not as expected", items: [{ productId: lawn.id, ...item }] },
  });
const unitsOf = async (variant: number) =>
  (await t.db.select().from(productStock).where(eq(productStock.variantId, variant)))[0].quantity;

describe("two lines of one order that differ only in Make", () => {
  it("are asked for apart: one asked for leaves the other free, and neither can be asked for twice", async () => {
    const orderId = await bothMakes();
    const unstitched = { variantId: variantId("Unstitched", "S"), quantity: 1 };
    const stitched = { variantId: variantId("Stitched", "S"), quantity: 1 };

    const first = await ask(orderId, "return", unstitched);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().items).toEqual([
      expect.objectContaining({
        ...unstitched,
        options: { Make: "Unstitched", Size: "S", Color: "Red" },
        price: 4990,
      }),
    ]);
    const again = await ask(orderId, "return", unstitched);
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      "Lawn suit (Unstitched, S, Red) was already asked for in an earlier request",
    ]);
    const tooMany = await ask(orderId, "return", { ...stitched, quantity: 2 });
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([
      409,
      "You ordered 1 of Lawn suit (Stitched, S, Red); at most 1 more can be asked for",
    ]);
    const other = await ask(orderId, "return", stitched);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().items).toEqual([expect.objectContaining({ ...stitched, price: 6490 })]);

    // The tracking card shows each request with its own line's price.
    const tracked = await t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { phone: PHONE, orderNumber: orderNumber(orderId) },
    });
    expect(tracked.statusCode, tracked.body).toBe(200);
    const card = (tracked.json() as { id: string; returns: { items: { price: number }[] }[] }[]).find(
      (o) => o.id === orderId,
    )!;
    expect(card.returns.map((r) => r.items.map((i) => i.price))).toEqual([[4990], [6490]]);

    // Completing the Unstitched return puts back the Unstitched unit only.
    const before = { u: await unitsOf(unstitched.variantId), s: await unitsOf(stitched.variantId) };
    expect((await decide(first.json().id, { status: "approved" })).statusCode).toBe(200);
    const done = await decide(first.json().id, { status: "completed", refund: { amount: 4990, method: "cash" } });
    expect(done.statusCode, done.body).toBe(200);
    expect({ u: await unitsOf(unstitched.variantId), s: await unitsOf(stitched.variantId) }).toEqual({
      u: before.u + 1,
      s: before.s,
    });
  });

  it("asks which one an older client means when its size and colour name both, and what to send instead of it", async () => {
    const orderId = await bothMakes();
    const before = await countRows(t.db, returnRequests);
    const vague = await ask(orderId, "return", { size: "S", color: "Red", quantity: 1 });
    expect([vague.statusCode, vague.json().error]).toEqual([
      400,
      "This order has Lawn suit (Unstitched, S, Red) and Lawn suit (Stitched, S, Red); choose which one to return or exchange",
    ]);
    const nothingChosen = await ask(orderId, "exchange", { variantId: variantId("Stitched", "S"), quantity: 1 });
    expect([nothingChosen.statusCode, nothingChosen.json().error]).toEqual([
      400,
      "Choose what you want instead of Lawn suit (Stitched, S, Red)",
    ]);
    expect(await countRows(t.db, returnRequests)).toBe(before);
  });
});
