import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, orderItems, orders } from "../../db/schema.js";
import { queryRows } from "../../db/rows.js";
import { POSTEX_TOKEN, startPostexFake, type PostexFake } from "../../test/fakes/postex-fake.js";
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
import { computeAnalytics } from "../reports/analytics-service.js";
import { computeCustomers } from "../reports/customers-service.js";
import { ANALYTICS_FROM_ORDERS, CUSTOMERS_FROM_ORDERS } from "../reports/raw-sources.js";

let t: TestContext;
let postex: PostexFake;
type Product = Awaited<ReturnType<typeof insertProduct>>;
let suit: Product;
let dupatta: Product;
beforeAll(async () => {
  [t, postex] = await Promise.all([createTestApp(), startPostexFake()]);
  suit = await insertProduct(t.db, { name: "Lawn Suit", price: "2500.00", sizes: ["S", "M", "L"], colors: ["Red"] });
  dupatta = await insertProduct(t.db, { name: "Silk Dupatta", price: "1200.00", sizes: [], colors: [] });
});
afterAll(async () => {
  await t.close();
  await postex.close();
});
beforeEach(() => postex.setMode("ok"));

const asStaff = () => ({ cookie: t.adminCookie });
type Line = { productId: number; variantId?: number; size?: string; color?: string; quantity: number };
const editItems = (id: string, items: Line[], extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/admin/orders/${id}/items`,
    headers: asStaff(),
    payload: { items, ...extra },
  });
const previewItems = (id: string, items: Line[], extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/orders/${id}/items/preview`,
    headers: asStaff(),
    payload: { items, ...extra },
  });
const detail = async (id: string) =>
  (await t.app.inject({ url: `/api/orders/${id}`, headers: asStaff() })).json() as {
    items: { productName: string; size: string; quantity: number; price: number }[];
    total: string;
    codAmount: string;
    deliveryFee: string;
    discount: string;
    discountCode: string | null;
    status: string;
    trackingNumber: string | null;
    itemsVersion: number;
    timeline: { status: string; actor: string }[];
  };
const setSetting = async (key: string, value: string | null) => {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/settings/${key}`,
    payload: { value },
    headers: asStaff(),
  });
  expect(res.statusCode, res.body).toBe(200);
};
let phones = 0;
/** An order taken by hand (the shop's own: no per-phone online budget), each with its own phone. */
const order = async (items: Line[], extra: Record<string, unknown> = {}): Promise<{ id: string }> => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/orders",
    headers: asStaff(),
    payload: {
      customerName: "Sana Malik",
      customerPhone: mobileNumber(++phones),
      shippingAddress: "House 12, Street 4, Model Town",
      city: "Lahore",
      source: "whatsapp",
      items: items.map((i) => ({ size: "", color: "", ...i })),
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const L = (quantity = 1): Line => ({ productId: suit.id, size: "L", color: "Red", quantity });
const M = (quantity = 1): Line => ({ productId: suit.id, size: "M", color: "Red", quantity });
/** The order's rows a refused change must leave as they were. */
const snapshot = async (id: string) => ({
  order: (await t.db.select().from(orders).where(eq(orders.id, id)))[0],
  items: await t.db.select().from(orderItems).where(eq(orderItems.orderId, id)),
  stock: await queryRows(t.db, sql`select * from order_stock where order_id = ${id}::uuid order by product_id, size`),
  left: { L: await stockLeft(t.db, suit.id, "L", "Red"), M: await stockLeft(t.db, suit.id, "M", "Red") },
});

describe("PATCH /api/admin/orders/{id}/items", () => {
  beforeEach(async () => {
    await trackStock(t.db, suit, [
      { size: "L", color: "Red", quantity: 5 },
      { size: "M", color: "Red", quantity: 5 },
    ]);
  });

  it("swaps L for M and adds a product: priced as a new order, stock moved both ways, on the timeline and in the audit log", async () => {
    const { id } = await order([L()]);
    await setOrderStatus(t.db, id, "processing");
    await t.db.update(orders).set({ confirmationState: "confirmed" }).where(eq(orders.id, id));
    expect(await stockLeft(t.db, suit.id, "L", "Red")).toBe(4);
    const before = await detail(id);

    const preview = await previewItems(id, [M(), { productId: dupatta.id, quantity: 1 }]);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      before: { subtotal: 2500, total: 2500, codAmount: 2500 },
      after: { subtotal: 3700, total: 3700, codAmount: 3700, advanceOwed: 0 },
      rebook: null,
      itemsVersion: before.itemsVersion,
    });
    // A preview writes nothing.
    expect(await stockLeft(t.db, suit.id, "M", "Red")).toBe(5);
    expect((await detail(id)).total).toBe("2500.00");

    const res = await editItems(id, [M(), { productId: dupatta.id, quantity: 1 }], {
      note: "Customer asked on WhatsApp",
      version: before.itemsVersion,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.items.map((i: { productName: string; size: string }) => `${i.productName} ${i.size}`)).toEqual([
      "Lawn Suit M",
      "Silk Dupatta ",
    ]);
    expect(after).toMatchObject({
      status: "processing",
      confirmation: { state: "confirmed" },
      subtotal: "3700.00",
      total: "3700.00",
      codAmount: "3700.00",
    });
    expect(after.itemsVersion).toBeGreaterThan(before.itemsVersion);
    expect(after.change.after.total).toBe(3700);
    expect(await stockLeft(t.db, suit.id, "L", "Red")).toBe(5);
    expect(await stockLeft(t.db, suit.id, "M", "Red")).toBe(4);
    const event = after.timeline.find((e: { status: string }) => e.status.startsWith("Items changed"));
    expect(event.actor).toBe("owner");
    expect(event.status).toContain("Lawn Suit: L / Red x 1 → Lawn Suit: M / Red x 1; Silk Dupatta x 1");
    expect(event.status).toContain("Customer asked on WhatsApp");
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.orderId, id));
    expect(audit).toMatchObject({ actor: "owner", action: "order.items-changed" });
    expect((audit.before as { items: unknown[] }).items).toHaveLength(1);
    expect((audit.after as { items: unknown[]; total: string }).items).toHaveLength(2);

    // Cancelling it later gives back what it holds now, once.
    await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${id}`,
      headers: asStaff(),
      payload: { status: "cancelled" },
    });
    expect(await stockLeft(t.db, suit.id, "M", "Red")).toBe(5);
    expect(await stockLeft(t.db, suit.id, "L", "Red")).toBe(5);
  });

  it("names a variant by its id as well as by size and colour, and records it on the line", async () => {
    const [variant] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from product_variants where product_id = ${suit.id} and size = 'M' and color = 'Red'`,
    );
    const { id } = await order([L()]);
    const res = await editItems(id, [{ productId: suit.id, variantId: variant.id, quantity: 2 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toMatchObject([{ size: "M", color: "Red", quantity: 2 }]);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, id));
    expect(line).toMatchObject({ variantId: variant.id, options: { Size: "M", Color: "Red" } });
    const wrong = await editItems(id, [{ productId: dupatta.id, variantId: variant.id, quantity: 1 }]);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toMatch(/Silk Dupatta is not sold in the variant chosen/);
  });

  it("refuses a size with too few units left, naming it, and changes nothing", async () => {
    const { id } = await order([L()]);
    const was = await snapshot(id);
    const res = await editItems(id, [M(6)]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Lawn Suit \(M \/ Red\)/);
    expect(await snapshot(id)).toEqual(was);
  });

  it("answers 409 with the current items to a second agent editing from an older version, never a mix", async () => {
    const { id } = await order([L()]);
    const { itemsVersion } = await detail(id);
    expect((await editItems(id, [M()], { version: itemsVersion })).statusCode).toBe(200);
    const second = await editItems(id, [L(2)], { version: itemsVersion });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatch(/Someone else changed the items/);
    expect(second.json().items).toMatchObject([{ productName: "Lawn Suit", size: "M", quantity: 1 }]);
    expect(second.json().itemsVersion).toBe((await detail(id)).itemsVersion);
    expect((await detail(id)).items).toMatchObject([{ size: "M", quantity: 1 }]);
  });

  it("applies two changes sent at once without a version one after the other, never a mix", async () => {
    const { id } = await order([L()]);
    const [a, b] = await Promise.all([editItems(id, [M(2)]), editItems(id, [L(3)])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const items = (await detail(id)).items.map((i) => [i.size, i.quantity]);
    expect([JSON.stringify([["M", 2]]), JSON.stringify([["L", 3]])]).toContain(JSON.stringify(items));
    // What the order holds is what it lists: the other change's units went back.
    const held = await queryRows<{ size: string; quantity: number }>(
      t.db,
      sql`select size, quantity from order_stock where order_id = ${id}::uuid`,
    );
    expect(held.map((h) => [h.size, Number(h.quantity)])).toEqual(items);
    expect((await stockLeft(t.db, suit.id, "M", "Red"))! + (await stockLeft(t.db, suit.id, "L", "Red"))!).toBe(
      10 - Number(items[0][1]),
    );
  });

  it("refuses bad input with a message that says what to do, and changes nothing", async () => {
    const { id } = await order([L()]);
    const was = await snapshot(id);
    const empty = await editItems(id, []);
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toMatch(/cancel the order instead/);
    expect((await editItems(id, [M(0)])).statusCode).toBe(400);
    expect((await editItems(id, [M(100)])).statusCode).toBe(400);
    const unknown = await editItems(id, [{ productId: 999_999, quantity: 1 }]);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toMatch(/Product #999999 is no longer available/);
    const noSize = await editItems(id, [{ productId: suit.id, size: "XXL", color: "Red", quantity: 1 }]);
    expect(noSize.statusCode).toBe(409);
    expect(noSize.json().error).toMatch(/XXL/);
    expect(await snapshot(id)).toEqual(was);

    for (const status of ["shipped", "delivered", "returned", "cancelled"] as const) {
      const other = (await order([{ productId: dupatta.id, quantity: 1 }])).id;
      await setOrderStatus(t.db, other, status);
      const res = await editItems(other, [{ productId: dupatta.id, quantity: 2 }]);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toMatch(
        status === "cancelled" ? /cancelled/ : /can no longer be changed|before it ships/,
      );
      expect((await detail(other)).items).toMatchObject([{ quantity: 1 }]);
    }
    const missing = await editItems("00000000-0000-4000-8000-000000000000", [M()]);
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}/items`,
      payload: { items: [M()] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the money of a changed order", () => {
  it("drops the delivery fee when the change crosses the free-delivery threshold, and charges it again below", async () => {
    await setSetting("delivery_fee", "250");
    await setSetting("free_delivery_over", "5000");
    const { id } = await order([{ productId: dupatta.id, quantity: 1 }]);
    expect(await detail(id)).toMatchObject({ deliveryFee: "250.00", total: "1450.00", codAmount: "1450.00" });
    const up = await editItems(id, [{ productId: dupatta.id, quantity: 5 }]);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ deliveryFee: "0.00", total: "6000.00", codAmount: "6000.00" });
    const down = await editItems(id, [{ productId: dupatta.id, quantity: 2 }]);
    expect(down.json()).toMatchObject({ deliveryFee: "250.00", total: "2650.00", codAmount: "2650.00" });
    await setSetting("delivery_fee", null);
    await setSetting("free_delivery_over", null);
  });

  it("keeps the order's code and its one use while it applies, and says so when it no longer does", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: asStaff(),
      payload: { code: "EID300", kind: "fixed", value: 300, usageLimit: 1, minSubtotal: 2000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const uses = async () =>
      (
        (await t.app.inject({ url: "/api/admin/discounts", headers: asStaff() })).json() as {
          code: string;
          uses: number;
        }[]
      ).find((d) => d.code === "EID300")!.uses;
    const { id } = await placeOrder(t.app, [{ productId: dupatta.id, size: "", color: "", quantity: 2 }], {
      discountCode: "EID300",
    });
    expect(await uses()).toBe(1);
    // Used up for everyone else, yet this order keeps it through the change.
    const kept = await editItems(id, [{ productId: dupatta.id, quantity: 3 }]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ discountCode: "EID300", discount: "300.00", total: "3300.00" });
    expect(kept.json().change.code).toMatchObject({ code: "EID300", applied: true });
    expect(await uses()).toBe(1);

    const preview = await previewItems(id, [{ productId: dupatta.id, quantity: 1 }]);
    expect(preview.json().code).toMatchObject({ code: "EID300", applied: false });
    expect(preview.json().code.message).toMatch(/at least Rs. 2,000.*priced without it/);
    expect(preview.json().after).toMatchObject({ discount: 0, total: 1200 });
  });

  it("keeps the advance paid: the cash to collect is the new total less it", async () => {
    const { id } = await order([{ productId: dupatta.id, quantity: 2 }]);
    await t.db
      .update(orders)
      .set({ advancePaid: "1500", advanceStatus: "paid", advanceAmount: "1500" })
      .where(eq(orders.id, id));
    const res = await editItems(id, [{ productId: dupatta.id, quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: "3600.00", codAmount: "2100.00" });
    expect(res.json().advance).toMatchObject({ paid: "1500.00", status: "paid" });
    const below = await editItems(id, [{ productId: dupatta.id, quantity: 1 }]);
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toMatch(/already paid an advance of Rs. 1500/);
    expect((await detail(id)).total).toBe("3600.00");
  });

  it("keeps the report roll-ups equal to a recount from the orders", async () => {
    const { id } = await order([{ productId: dupatta.id, quantity: 1 }]);
    await setOrderStatus(t.db, id, "processing");
    await editItems(id, [
      { productId: dupatta.id, quantity: 4 },
      { productId: suit.id, size: "S", color: "Red", quantity: 1 },
    ]);
    await editItems(id, [{ productId: dupatta.id, quantity: 2 }]);
    expect(await computeAnalytics(t.db, {})).toEqual(await computeAnalytics(t.db, {}, ANALYTICS_FROM_ORDERS));
    expect(await computeCustomers(t.db)).toEqual(await computeCustomers(t.db, CUSTOMERS_FROM_ORDERS));
  });
});

describe("a changed order booked with a courier", () => {
  beforeAll(async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/admin/couriers/postex",
      headers: asStaff(),
      payload: { enabled: true, baseUrl: postex.baseUrl, token: POSTEX_TOKEN, pickupAddressCode: "001" },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  const bookedOrder = async () => {
    const { id } = await order([{ productId: dupatta.id, quantity: 1 }]);
    await setOrderStatus(t.db, id, "processing");
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/admin/orders/book",
      headers: asStaff(),
      payload: { ids: [id], courier: "postex" },
    });
    expect(booked.json().booked, booked.body).toBe(1);
    return { id, trackingNumber: (await detail(id)).trackingNumber! };
  };

  it("is cancelled at the courier and booked again with the new cash to collect", async () => {
    const { id, trackingNumber } = await bookedOrder();
    const preview = await previewItems(id, [{ productId: dupatta.id, quantity: 2 }]);
    expect(preview.json().rebook).toEqual({ courier: "PostEx", trackingNumber });
    const res = await editItems(id, [{ productId: dupatta.id, quantity: 2 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(postex.isCancelled(trackingNumber)).toBe(true);
    expect(res.json().rebooking).toMatchObject({ booked: true, courier: "PostEx", error: null });
    const again = postex.calls("v3/create-order").at(-1)!;
    expect(again.body).toMatchObject({ invoicePayment: 2400 });
    expect(res.json()).toMatchObject({ status: "shipped", codAmount: "2400.00" });
    expect(res.json().trackingNumber).toBe(res.json().rebooking.trackingNumber);
    expect(res.json().trackingNumber).not.toBe(trackingNumber);
  });

  it("leaves the changed order Ready to Ship, and says so, when booking again fails", async () => {
    const { id, trackingNumber } = await bookedOrder();
    postex.setMode("refuse", "Pickup address is closed");
    const res = await editItems(id, [{ productId: dupatta.id, quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(postex.isCancelled(trackingNumber)).toBe(true);
    expect(res.json().rebooking).toMatchObject({ booked: false, courier: "PostEx", trackingNumber: null });
    expect(res.json().rebooking.error).toMatch(/booking again failed: .*Pickup address is closed.*book it again/);
    expect(res.json()).toMatchObject({ status: "processing", trackingNumber: null, courier: null, total: "3600.00" });
  });

  it("changes nothing when the courier refuses the cancel, and tells the agent", async () => {
    const { id, trackingNumber } = await bookedOrder();
    postex.setStatus(trackingNumber, "PostEx WareHouse");
    const was = await snapshot(id);
    const bookings = postex.calls("v3/create-order").length;
    const res = await editItems(id, [{ productId: dupatta.id, quantity: 2 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/PostEx refused to cancel .*Nothing was changed/);
    expect(await snapshot(id)).toEqual(was);
    expect(postex.calls("v3/create-order").length).toBe(bookings);
    expect((await detail(id)).timeline.some((e) => e.status.startsWith("Items changed"))).toBe(false);
  });
});

describe("a size swapped while a shopper orders the last unit", () => {
  it("lets exactly one of them have it", async () => {
    for (let round = 0; round < 4; round++) {
      await trackStock(t.db, suit, [
        { size: "L", color: "Red", quantity: 3 },
        { size: "M", color: "Red", quantity: 1 },
      ]);
      const { id } = await order([L()]);
      const [edit, shopper] = await Promise.all([
        editItems(id, [M()]),
        postOrder(
          t.app,
          checkoutPayload([{ productId: suit.id, size: "M", color: "Red", quantity: 1 }], {
            customerPhone: mobileNumber(500 + round),
          }),
        ),
      ]);
      const won = [edit.statusCode === 200, shopper.statusCode === 201];
      expect(won.filter(Boolean), `${edit.body} ${shopper.body}`).toHaveLength(1);
      expect([200, 409]).toContain(edit.statusCode);
      expect([201, 409]).toContain(shopper.statusCode);
      expect(await stockLeft(t.db, suit.id, "M", "Red")).toBe(0);
      expect(await stockLeft(t.db, suit.id, "L", "Red")).toBe(won[0] ? 3 : 2);
      const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, id));
      expect(items.map((i) => i.size)).toEqual([won[0] ? "M" : "L"]);
    }
  });
});
