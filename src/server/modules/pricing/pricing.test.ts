import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { discounts, orders, settings } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import {
  checkoutPayload,
  insertCategory,
  insertProduct,
  mobileNumber,
  newSessionId,
  postOrder,
  shopperAddress,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { FEE_SETTING_KEYS } from "@shared/rules/fees.js";
import { CODE_CHECKS_PER_NETWORK, CODE_CHECKS_PER_SESSION } from "./pricing-routes.js";
import { inArray } from "drizzle-orm";

const clock = new ManualClock(new Date("2026-11-20T10:00:00Z"));
let t: TestContext;
let suit: { id: number; variants: { id: number; size: string; color: string }[] };
let scarf: { id: number };
beforeAll(async () => {
  t = await createTestApp({ clock });
  await insertCategory(t.db, "formal");
  await insertCategory(t.db, "accessories");
  suit = await insertProduct(t.db, { price: "2500.00", name: "Lawn Suit", category: "formal" });
  scarf = await insertProduct(t.db, { price: "1005.00", name: "Silk Scarf", category: "accessories" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(settings).where(inArray(settings.key, [...FEE_SETTING_KEYS]));
  await t.db.update(orders).set({ discountId: null });
  await t.db.delete(discounts);
  t.app.catalogueCache.invalidate();
});

let phones = 0;
const nextPhone = () => mobileNumber(++phones, "0301");

const setFee = async (key: string, value: unknown) => {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/settings/${key}`,
    payload: { value },
    headers: { cookie: t.adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const addDiscount = async (body: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/discounts",
    payload: body,
    headers: { cookie: t.adminCookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
};

type Line = { productId: number; quantity: number };
const items = (lines: Line[]) => lines.map((l) => ({ ...l, size: "M", color: "Red" }));

/** A quote from a network of its own (code checks are counted per network) and, if given, a cart session. */
const quote = (lines: Line[], extra: Record<string, unknown> = {}, from = { ip: shopperAddress(), session: "" }) =>
  t.app.inject({
    method: "POST",
    url: "/api/checkout/quote",
    payload: { items: items(lines), ...extra },
    headers: from.session ? { "x-session-id": from.session } : {},
    remoteAddress: from.ip,
  });

const order = (lines: Line[], extra: Record<string, unknown> = {}) =>
  postOrder(
    t.app,
    checkoutPayload(
      lines.map((l) => ({ ...l })),
      { customerPhone: nextPhone(), ...extra },
    ),
  );

/** The quote's amounts as the order carries them (numeric strings). */
const asOrder = (q: Record<string, number>) =>
  Object.fromEntries(
    ["subtotal", "discount", "deliveryFee", "codFee", "total", "codAmount"].map((k) => [k, q[k].toFixed(2)]),
  );

describe("POST /api/checkout/quote", () => {
  it("reads exactly as the spec with every setting empty: no fees, total = subtotal", async () => {
    const res = await quote([{ productId: suit.id, quantity: 2 }], { city: "Lahore" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      subtotal: 5000,
      saleDiscount: 0,
      discount: 0,
      deliveryFee: 0,
      codFee: 0,
      total: 5000,
      advance: 0,
      codAmount: 5000,
      discountCode: null,
      lines: [
        {
          productId: suit.id,
          productName: "Lawn Suit",
          quantity: 2,
          size: "M",
          color: "Red",
          variantId: suit.variants.find((v) => v.size === "M" && v.color === "Red")!.id,
          options: { Size: "M", Color: "Red" },
          price: 2500,
          regularPrice: null,
        },
      ],
    });
  });

  it("charges the city's fee (any letter case) over the flat one, nothing above the threshold, and the COD fee", async () => {
    await setFee("delivery_fee", "250");
    await setFee("delivery_fee_by_city", { Karachi: 200 });
    await setFee("free_delivery_over", "5000");
    await setFee("cod_fee", 50);
    const one = [{ productId: suit.id, quantity: 1 }];
    expect((await quote(one, { city: "Lahore" })).json()).toMatchObject({ deliveryFee: 250, codFee: 50, total: 2800 });
    expect((await quote(one, { city: "  karachi " })).json()).toMatchObject({ deliveryFee: 200, total: 2750 });
    expect((await quote(one)).json()).toMatchObject({ deliveryFee: 250 });
    const two = [{ productId: suit.id, quantity: 2 }];
    expect((await quote(two, { city: "Lahore" })).json()).toMatchObject({ deliveryFee: 0, codFee: 50, total: 5050 });
  });

  it("takes a percentage of the goods in the code's scope, rounded half up to the rupee, once", async () => {
    await addDiscount({ code: "Scarf10", kind: "percent", value: 10, categories: ["accessories"] });
    const res = await quote(
      [
        { productId: suit.id, quantity: 1 },
        { productId: scarf.id, quantity: 1 },
      ],
      { discountCode: "  scarf10 " },
    );
    // 10 % of Rs. 1,005 is Rs. 100.50: Rs. 101 off, the suit untouched.
    expect(res.json()).toMatchObject({
      subtotal: 3505,
      discount: 101,
      total: 3404,
      discountCode: { code: "Scarf10", applied: true, message: "Code Scarf10 applied: Rs. 101 off" },
    });
  });

  it("lets the threshold count the goods after the discount, and a free-delivery code drop the fee", async () => {
    await setFee("delivery_fee", "250");
    await setFee("free_delivery_over", "5000");
    await addDiscount({ code: "FIVE", kind: "fixed", value: 500 });
    await addDiscount({ code: "SHIPFREE", kind: "free_delivery" });
    const two = [{ productId: suit.id, quantity: 2 }];
    expect((await quote(two, { discountCode: "five" })).json()).toMatchObject({
      discount: 500,
      deliveryFee: 250,
      total: 4750,
    });
    expect((await quote([{ productId: suit.id, quantity: 1 }], { discountCode: "shipfree" })).json()).toMatchObject({
      discount: 0,
      deliveryFee: 0,
      total: 2500,
      discountCode: { applied: true, message: "Code SHIPFREE applied: free delivery" },
    });
  });
});

describe("A code that does not apply", () => {
  const cases: [string, Record<string, unknown> | null, string, RegExp][] = [
    ["unknown", null, "NOPE", /^There is no discount code "NOPE"; please check the spelling$/],
    ["not started", { startsAt: "2026-12-01T00:00:00Z" }, "LATER", /^The code LATER starts on 1 December 2026/],
    ["expired", { endsAt: "2026-11-01T00:00:00Z" }, "OLD", /^The code OLD expired on 1 November 2026/],
    ["paused", { active: false }, "PAUSED", /^The code PAUSED is not available right now$/],
    [
      "minimum",
      { minSubtotal: 10000 },
      "BIG",
      /^The code BIG needs an order of at least Rs\. 10,000 \(before delivery\); add Rs\. 7,500 more/,
    ],
    [
      "out of scope",
      { categories: ["accessories"] },
      "SCARVES",
      /^The code SCARVES does not apply to anything in your cart$/,
    ],
  ];
  for (const [why, extra, code, message] of cases)
    it(`is answered by the quote and refuses the order with 422: ${why}`, async () => {
      if (extra) await addDiscount({ code, kind: "percent", value: 10, ...extra });
      const q = await quote([{ productId: suit.id, quantity: 1 }], { discountCode: code });
      expect(q.json()).toMatchObject({ discount: 0, total: 2500, discountCode: { applied: false } });
      expect(q.json().discountCode.message).toMatch(message);
      const before = await t.db.select().from(orders);
      const res = await order([{ productId: suit.id, quantity: 1 }], { discountCode: code });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toMatch(message);
      expect(res.json().details).toEqual({ discountCode: res.json().error });
      expect(await t.db.select().from(orders)).toHaveLength(before.length);
    });

  it("is used up, or already used by this phone number, once its limits are reached", async () => {
    await addDiscount({ code: "ONCE", kind: "fixed", value: 100, perPhoneLimit: 1 });
    await addDiscount({ code: "TWICE", kind: "fixed", value: 100, usageLimit: 2 });
    const phone = nextPhone();
    const one = [{ productId: suit.id, quantity: 1 }];
    expect((await order(one, { discountCode: "ONCE", customerPhone: phone })).statusCode).toBe(201);
    const again = await order(one, { discountCode: "once", customerPhone: phone });
    expect([again.statusCode, again.json().error]).toEqual([
      422,
      "The code ONCE has already been used with this phone number",
    ]);
    const q = await quote(one, { discountCode: "ONCE", customerPhone: phone });
    expect(q.json().discountCode).toMatchObject({
      applied: true,
      message: expect.stringMatching(/^Code ONCE applied/),
    });

    expect((await order(one, { discountCode: "TWICE" })).statusCode).toBe(201);
    const second = await order(one, { discountCode: "TWICE" });
    expect(second.statusCode).toBe(201);
    const third = await order(one, { discountCode: "TWICE" });
    expect([third.statusCode, third.json().error]).toEqual([422, "The code TWICE has been used up"]);
    // A cancelled order gives its use back.
    await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${second.json().id}`,
      payload: { status: "cancelled" },
      headers: { cookie: t.adminCookie },
    });
    expect((await order(one, { discountCode: "TWICE" })).statusCode).toBe(201);
  });
});

describe("A code without limits", () => {
  it("is kept between quotes, yet a pause, an edit or a limit set by the owner applies to the next one", async () => {
    const code = await addDiscount({ code: "KEPT20", kind: "percent", value: 20 });
    const one = [{ productId: suit.id, quantity: 1 }];
    expect((await quote(one, { discountCode: "kept20" })).json()).toMatchObject({ discount: 500 });
    expect((await quote(one, { discountCode: "KEPT20" })).json()).toMatchObject({ discount: 500 });
    const patch = (payload: object) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/discounts/${code.id}`,
        payload,
        headers: { cookie: t.adminCookie },
      });
    expect((await patch({ value: 10 })).statusCode).toBe(200);
    expect((await quote(one, { discountCode: "kept20" })).json()).toMatchObject({ discount: 250 });
    expect((await patch({ active: false })).statusCode).toBe(200);
    expect((await quote(one, { discountCode: "kept20" })).json()).toMatchObject({
      discount: 0,
      discountCode: { applied: false, message: "The code KEPT20 is not available right now" },
    });
    expect((await patch({ active: true, usageLimit: 1 })).statusCode).toBe(200);
    expect((await order(one, { discountCode: "kept20" })).statusCode).toBe(201);
    const usedUp = await quote(one, { discountCode: "kept20" });
    expect(usedUp.json().discountCode).toMatchObject({ applied: false, message: "The code KEPT20 has been used up" });
  });
});

describe("POST /api/orders with fees and a code", () => {
  it("stores and answers exactly the quote's amounts, everywhere the order is shown", async () => {
    await setFee("delivery_fee", "250");
    await setFee("delivery_fee_by_city", { Karachi: 200 });
    await setFee("cod_fee", "30");
    await addDiscount({ code: "EID15", kind: "percent", value: 15 });
    const lines = [
      { productId: suit.id, quantity: 1 },
      { productId: scarf.id, quantity: 1 },
    ];
    const phone = nextPhone();
    const q = (await quote(lines, { city: "Karachi", discountCode: "eid15", customerPhone: phone })).json();
    expect(q).toMatchObject({ subtotal: 3505, discount: 526, deliveryFee: 200, codFee: 30, total: 3209 });
    const res = await order(lines, { city: "Karachi", discountCode: "eid15", customerPhone: phone, total: "1" });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed).toMatchObject({ ...asOrder(q), tax: "0.00", discountCode: "EID15" });
    expect(placed.advance).toMatchObject({ amount: "0.00", status: "none" });

    const admin = (await t.app.inject({ url: `/api/orders/${placed.id}`, headers: { cookie: t.adminCookie } })).json();
    expect(admin).toMatchObject({ ...asOrder(q), discountCode: "EID15" });
    const tracked = await t.app.inject({
      method: "POST",
      url: "/api/orders/track",
      payload: { phone, orderNumber: placed.orderNumber },
    });
    expect(tracked.json()[0]).toMatchObject({ ...asOrder(q), discountCode: "EID15" });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ discount: "526.00", deliveryFee: "200.00", codFee: "30.00", codAmount: "3209.00" });
  });
});

describe("POST /api/checkout/quote and a code's uses per phone number", () => {
  const once = "Code ONCE applied: Rs. 100 off (once per phone number, checked when you place your order)";
  const used = "The code ONCE has already been used with this phone number";

  it("answers the same for any number the cart session has not ordered with, and refuses at placement", async () => {
    const one = [{ productId: suit.id, quantity: 1 }];
    await addDiscount({ code: "ONCE", kind: "fixed", value: 100, perPhoneLimit: 1 });
    const phone = nextPhone();
    const session = newSessionId();
    const placed = await order(one, { discountCode: "ONCE", customerPhone: phone, sessionId: session });
    expect(placed.statusCode, placed.body).toBe(201);

    const other = await quote(one, { discountCode: "ONCE", customerPhone: phone });
    const stranger = await quote(
      one,
      { discountCode: "ONCE", customerPhone: phone },
      { ip: shopperAddress(), session: newSessionId() },
    );
    const unused = await quote(one, { discountCode: "ONCE", customerPhone: nextPhone() });
    for (const q of [other, stranger, unused])
      expect(q.json()).toMatchObject({ discount: 100, discountCode: { applied: true, message: once } });

    const refused = await order(one, { discountCode: "ONCE", customerPhone: phone });
    expect([refused.statusCode, refused.json().error]).toEqual([422, used]);
  });

  it("says the number used the code to the cart session that ordered with it", async () => {
    const one = [{ productId: suit.id, quantity: 1 }];
    await addDiscount({ code: "ONCE", kind: "fixed", value: 100, perPhoneLimit: 1 });
    const phone = nextPhone();
    const session = newSessionId();
    expect((await order(one, { discountCode: "ONCE", customerPhone: phone, sessionId: session })).statusCode).toBe(201);
    const mine = await quote(one, { discountCode: "ONCE", customerPhone: phone }, { ip: shopperAddress(), session });
    expect(mine.json()).toMatchObject({ discount: 0, discountCode: { applied: false, message: used } });
  });
});

describe("POST /api/checkout/quote: code checks", () => {
  it(`allows ${CODE_CHECKS_PER_NETWORK} code checks per network in 10 minutes, then 429; price checks go on`, async () => {
    await addDiscount({ code: "TEN", kind: "percent", value: 10 });
    const from = { ip: shopperAddress(), session: "" };
    const one = [{ productId: suit.id, quantity: 1 }];
    for (let i = 0; i < CODE_CHECKS_PER_NETWORK; i++)
      expect((await quote(one, { discountCode: `TRY${i}` }, from)).statusCode).toBe(200);
    const refused = await quote(one, { discountCode: "TEN" }, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(
      "Too many discount code checks from your network. Please try again in 10 minutes.",
    );
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await quote(one, {}, from)).statusCode).toBe(200);
    expect((await quote(one, { discountCode: "TEN" })).statusCode).toBe(200);
  });

  it(`allows ${CODE_CHECKS_PER_SESSION} code checks per cart session in 10 minutes, from any network`, async () => {
    const session = newSessionId();
    const one = [{ productId: suit.id, quantity: 1 }];
    for (let i = 0; i < CODE_CHECKS_PER_SESSION; i++)
      expect((await quote(one, { discountCode: `TRY${i}` }, { ip: shopperAddress(), session })).statusCode).toBe(200);
    const refused = await quote(one, { discountCode: "TRY" }, { ip: shopperAddress(), session });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many discount code checks from this browser\. Please try again in/);
  });
});
