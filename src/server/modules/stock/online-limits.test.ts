import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NETWORK_DAY_LIMIT_MESSAGE,
  phoneDayLimitMessage,
  tooManyOfVariantMessage,
  UNCONFIRMED_LIMITS,
  variantHeldMessage,
} from "@shared/rules/stock.js";
import { ManualClock } from "../../jobs/clock.js";
import {
  checkoutPayload,
  insertCategory,
  insertProduct,
  mobileNumber,
  postOrder,
  stockLeft,
  takeOrderByHand,
  trackStock,
} from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// What one unconfirmed web order (and one phone or network in a day) may take of counted stock
// (CONTRACT.md, "Guarding the shop's number and its stock"; decision 012). On PostgreSQL the
// simultaneous orders really run at once (a pool of connections); on PGlite one at a time.
const clock = new ManualClock();
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await insertCategory(t.db, "casual");
});
afterAll(() => t.close());

let seq = 0;
const phone = () => mobileNumber(++seq, "0322");
const network = () => `10.77.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;
const plenty = async (sizes = ["M"], colors = ["Red"]) => {
  const p = await insertProduct(t.db, { sizes, colors });
  await trackStock(
    t.db,
    p,
    sizes.flatMap((size) => colors.map((color) => ({ size, color, quantity: 500 }))),
  );
  return p;
};
const scarce = async (quantity: number) => {
  const p = await insertProduct(t.db);
  await trackStock(t.db, p, [{ size: "M", color: "Red", quantity }]);
  return p;
};
const setStatus = (orderId: string, status: string) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/orders/${orderId}`,
    payload: { status },
    headers: { cookie: t.adminCookie },
  });
const order = (items: Parameters<typeof checkoutPayload>[0], who = { phone: phone(), ip: network() }) =>
  postOrder(t.app, checkoutPayload(items, { customerPhone: who.phone }), {}, who.ip);

describe("POST /api/orders: what an unconfirmed web order may take", () => {
  it("refuses more than 5 of one size and colour (over all its lines) with 409 inviting WhatsApp", async () => {
    const p = await plenty();
    const res = await order([
      { productId: p.id, quantity: 3 },
      { productId: p.id, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(tooManyOfVariantMessage(p.name, "M", "Red"));
    expect(res.json().error).toBe(
      `You can order up to 5 of ${p.name} (M / Red) online; please lower the quantity, or message us on WhatsApp to order more`,
    );
    expect(await stockLeft(t.db, p.id, "M", "Red")).toBe(500);
    expect((await order([{ productId: p.id, quantity: 5 }])).statusCode).toBe(201);
  });

  it("does not limit a product that does not count its stock, nor an order taken by staff", async () => {
    const free = await insertProduct(t.db);
    expect((await order([{ productId: free.id, quantity: 12 }])).statusCode).toBe(201);
    const p = await plenty();
    const res = await takeOrderByHand(t.app, t.adminCookie, { productId: p.id, quantity: 12 }, phone(), "whatsapp");
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockLeft(t.db, p.id, "M", "Red")).toBe(488);
  });

  it("caps the units one phone number's web orders take in a day with 409, and starts afresh the next day", async () => {
    const p = await plenty(["S", "M", "L"]);
    const me = phone();
    const from = () => ({ phone: me, ip: network() });
    expect((await order([{ productId: p.id, size: "S", quantity: 5 }], from())).statusCode).toBe(201);
    expect((await order([{ productId: p.id, size: "M", quantity: 4 }], from())).statusCode).toBe(201);
    const refused = await order([{ productId: p.id, size: "L", quantity: 2 }], from());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(phoneDayLimitMessage(9));
    expect(refused.json().error).toMatch(/already ordered 9 .* up to 10 .* message us on WhatsApp/);
    expect(await stockLeft(t.db, p.id, "L", "Red")).toBe(500);
    expect((await order([{ productId: p.id, size: "L", quantity: 1 }], from())).statusCode).toBe(201);

    clock.advance(24 * 60 * 60_000);
    expect((await order([{ productId: p.id, size: "L", quantity: 5 }], from())).statusCode).toBe(201);
  });

  it("caps the units one network's web orders take in a day with 429", async () => {
    const p = await plenty(["S", "M", "L", "XL"], ["Red", "Blue"]);
    const ip = network();
    const variants = p.sizes.flatMap((size) => p.colors.map((color) => ({ size, color })));
    const perOrder = UNCONFIRMED_LIMITS.unitsPerVariant;
    const fits = UNCONFIRMED_LIMITS.unitsPerNetworkPerDay / perOrder;
    for (let i = 0; i < fits; i++) {
      const res = await order([{ productId: p.id, ...variants[i], quantity: perOrder }], { phone: phone(), ip });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await order([{ productId: p.id, ...variants[0], quantity: 1 }], { phone: phone(), ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(NETWORK_DAY_LIMIT_MESSAGE);
    // Another network is not affected.
    expect((await order([{ productId: p.id, ...variants[0], quantity: 1 }])).statusCode).toBe(201);
  });
});

describe("POST /api/orders: the share of a size and colour unconfirmed web orders hold", () => {
  it("lets them hold at most half of it at once, and says how many more can be ordered", async () => {
    const p = await scarce(10);
    expect((await order([{ productId: p.id, quantity: 3 }])).statusCode).toBe(201);
    const over = await order([{ productId: p.id, quantity: 3 }]);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(variantHeldMessage(p.name, "M", "Red", 2));
    expect(over.json().error).toBe(
      `Only 2 of ${p.name} (M / Red) can be ordered online right now while other orders are confirmed; please order fewer, or message us on WhatsApp to order more`,
    );
    expect((await order([{ productId: p.id, quantity: 2 }])).statusCode).toBe(201);
    const none = await order([{ productId: p.id, quantity: 1 }]);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(variantHeldMessage(p.name, "M", "Red", 0));
    expect(none.json().error).toMatch(/cannot be ordered online right now .* message us on WhatsApp/);
    expect(await stockLeft(t.db, p.id, "M", "Red")).toBe(5);
  });

  it("counts only orders not yet confirmed: a confirmed or cancelled order frees its share", async () => {
    const p = await scarce(20);
    const first = await order([{ productId: p.id, quantity: 5 }]);
    expect((await order([{ productId: p.id, quantity: 5 }])).statusCode).toBe(201);
    expect((await order([{ productId: p.id, quantity: 1 }])).statusCode).toBe(409);
    // Confirmed: its 5 are sold; of the 15 on sale (5 still held), 7 may be held online: 2 more.
    expect((await setStatus(first.json().id, "processing")).statusCode).toBe(200);
    expect((await order([{ productId: p.id, quantity: 3 }])).json().error).toBe(
      variantHeldMessage(p.name, "M", "Red", 2),
    );
    const second = await order([{ productId: p.id, quantity: 2 }]);
    expect(second.statusCode).toBe(201);
    expect((await setStatus(second.json().id, "cancelled")).statusCode).toBe(200);
    expect((await order([{ productId: p.id, quantity: 2 }])).statusCode).toBe(201);
  });

  it("sells a variant's last few units online to the first who order them (one order's worth is never held back)", async () => {
    const three = await scarce(3);
    for (let n = 0; n < 3; n++) expect((await order([{ productId: three.id, quantity: 1 }])).statusCode).toBe(201);
    const gone = await order([{ productId: three.id, quantity: 1 }]);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).not.toBe(variantHeldMessage(three.name, "M", "Red", 0));
    expect(await stockLeft(t.db, three.id, "M", "Red")).toBe(0);
  });

  it("does not hold back orders taken by staff", async () => {
    const p = await scarce(4);
    const res = await takeOrderByHand(t.app, t.adminCookie, { productId: p.id, quantity: 4 }, phone(), "whatsapp");
    expect(res.statusCode, res.body).toBe(201);
    expect(await stockLeft(t.db, p.id, "M", "Red")).toBe(0);
  });
});

describe("POST /api/orders: the daily caps under simultaneous orders", () => {
  it("lets exactly half of a size and colour be held by simultaneous orders from many networks", async () => {
    const p = await scarce(10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => order([{ productId: p.id, quantity: 1 }])));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().error).toBe(variantHeldMessage(p.name, "M", "Red", 0));
    expect(await stockLeft(t.db, p.id, "M", "Red")).toBe(5);
  });

  it("lets exactly as many units through one network's day as its cap, whatever arrives at once", async () => {
    const p = await plenty(["S", "M", "L"], ["Red", "Blue"]);
    const ip = network();
    const variants = p.sizes.flatMap((size) => p.colors.map((color) => ({ size, color })));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        order([{ productId: p.id, ...variants[i % variants.length], quantity: 2 }], { phone: phone(), ip }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(UNCONFIRMED_LIMITS.unitsPerNetworkPerDay / 2);
    expect(codes.filter((c) => c === 429)).toHaveLength(30 - UNCONFIRMED_LIMITS.unitsPerNetworkPerDay / 2);
    let taken = 0;
    for (const v of variants) taken += 500 - (await stockLeft(t.db, p.id, v.size, v.color))!;
    expect(taken).toBe(UNCONFIRMED_LIMITS.unitsPerNetworkPerDay);
  });

  it("lets exactly as many units through one phone number's day as its cap, whatever arrives at once", async () => {
    const p = await plenty(["S", "M"]);
    const me = phone();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        order([{ productId: p.id, size: i % 2 ? "S" : "M", quantity: 4 }], { phone: me, ip: network() }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409]);
    const left = (await stockLeft(t.db, p.id, "S", "Red"))! + (await stockLeft(t.db, p.id, "M", "Red"))!;
    expect(1000 - left).toBe(8);
  });
});
