import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NETWORK_DAY_LIMIT_MESSAGE,
  phoneDayLimitMessage,
  tooManyOfVariantMessage,
  UNCONFIRMED_LIMITS,
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

describe("POST /api/orders: the daily caps under simultaneous orders", () => {
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
