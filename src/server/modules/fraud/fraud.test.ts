import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAKISTANI_MOBILE_MESSAGE } from "@shared/rules/pakistani-mobile.js";
import { blockedPhones, orders, orderStatusEvents } from "../../db/schema.js";
import { checkoutPayload, countRows, insertOrder, insertProduct, type CheckoutItem } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { BLOCKED_MESSAGE } from "./placement-checks.js";

let t: TestContext;
let product: Awaited<ReturnType<typeof insertProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  product = await insertProduct(t.db, { price: "2500.00" });
});
afterAll(() => t.close());

// Each test orders from its own phone and network, so no test sees another's orders.
let n = 0;
const fresh = () => {
  n++;
  return { phone: `0345 ${String(7_000_000 + n * 101)}`, ip: `10.20.${n}.7` };
};

function order(
  who: { phone: string; ip: string },
  overrides: Record<string, unknown> = {},
  items: CheckoutItem[] = [{ productId: product.id }],
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress: who.ip,
    payload: checkoutPayload(items, { customerPhone: who.phone, ...overrides }),
  });
}

async function riskOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(201);
  const detail = await t.app.inject({ url: `/api/orders/${res.json().id}`, headers: { cookie: t.adminCookie } });
  return detail.json().risk as { level: string; reasons: string[] };
}

const item = () => [{ product, quantity: 1, price: 2500 }];

const admin = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: t.adminCookie } });

describe("POST /api/orders: the mobile-number rule", () => {
  it("refuses a number that is not a Pakistani mobile, saying what to enter", async () => {
    for (const phone of ["042 35761234", "+44 7700 900123", "0300 123456"]) {
      const res = await order({ phone, ip: "10.1.1.1" });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().details.customerPhone, phone).toBe(PAKISTANI_MOBILE_MESSAGE);
    }
  });

  it("accepts a mobile number written with +92, 92 or 0", async () => {
    for (const phone of ["+92 301 5550001", "923015550002", "0301-5550003"]) {
      const res = await order({ phone, ip: "10.1.1.2" });
      expect(res.statusCode, phone).toBe(201);
    }
  });
});

describe("POST /api/orders: risk", () => {
  it("gives an ordinary first order low risk and no reasons", async () => {
    expect(await riskOf(await order(fresh()))).toEqual({ level: "low", reasons: [] });
  });

  it("names one earlier order cancelled after confirmation as medium, two as high", async () => {
    const who = fresh();
    const first = await insertOrder(t.db, { items: item(), phone: who.phone, status: "cancelled" });
    await t.db.insert(orderStatusEvents).values({ orderId: first, status: "processing", actor: "admin" });
    const medium = await riskOf(await order(who));
    expect(medium).toEqual({
      level: "medium",
      reasons: ["This phone has 1 earlier order returned or cancelled after confirmation"],
    });
    const second = await insertOrder(t.db, { items: item(), phone: who.phone, status: "cancelled" });
    await t.db.update(orders).set({ confirmationState: "confirmed" }).where(eq(orders.id, second));
    const high = await riskOf(await order(who));
    expect(high.level).toBe("high");
    expect(high.reasons).toContain("This phone has 2 earlier orders returned or cancelled after confirmation");
  });

  it("does not count an order cancelled before anyone confirmed it", async () => {
    const who = fresh();
    await insertOrder(t.db, { items: item(), phone: who.phone, status: "cancelled" });
    expect((await riskOf(await order(who))).level).toBe("low");
  });

  it("names the phone's open orders", async () => {
    const who = fresh();
    await insertOrder(t.db, { items: item(), phone: who.phone, status: "pending" });
    await insertOrder(t.db, { items: item(), phone: who.phone, status: "shipped" });
    await insertOrder(t.db, { items: item(), phone: who.phone, status: "delivered" });
    expect(await riskOf(await order(who))).toEqual({
      level: "medium",
      reasons: ["This phone already has 2 open orders not yet delivered"],
    });
  });

  it("names a first order of unusual value", async () => {
    const dear = await insertProduct(t.db, { price: "30000.00" });
    expect(await riskOf(await order(fresh(), {}, [{ productId: dear.id }]))).toEqual({
      level: "medium",
      reasons: ["First order from this phone, of unusual value (Rs. 30,000)"],
    });
  });

  it("names an address too vague to deliver", async () => {
    expect(await riskOf(await order(fresh(), { shippingAddress: "Ask for Bilal, Lahore" }))).toEqual({
      level: "medium",
      reasons: ["The address may be too vague to deliver: it names no house, street or landmark"],
    });
  });

  it("names several orders from one network in the last hour, counting an IPv6 /64 as one network", async () => {
    const base = "2400:adc0:1:2:";
    for (let i = 1; i <= 3; i++)
      expect((await riskOf(await order({ ...fresh(), ip: `${base}:${i}` }))).level).toBe("low");
    expect(await riskOf(await order({ ...fresh(), ip: `${base}:99` }))).toEqual({
      level: "medium",
      reasons: ["3 other orders from the same network in the last hour"],
    });
  });

  it("makes three weaker reasons together high", async () => {
    const who = fresh();
    await insertOrder(t.db, { items: item(), phone: who.phone, status: "pending" });
    await insertOrder(t.db, { items: item(), phone: who.phone, status: "pending" });
    const first = await insertOrder(t.db, { items: item(), phone: who.phone, status: "cancelled" });
    await t.db.insert(orderStatusEvents).values({ orderId: first, status: "processing", actor: "admin" });
    const risk = await riskOf(await order(who, { shippingAddress: "Ask for Bilal, Lahore" }));
    expect(risk.level).toBe("high");
    expect(risk.reasons).toHaveLength(3);
  });
});

describe("GET /api/orders: the queue's filters", () => {
  it("filters by risk and by confirmation state, counting only the matches", async () => {
    await order(fresh(), { shippingAddress: "Ask for Bilal, Lahore" });
    const res = await admin("GET", "/api/orders?risk=medium&confirmation=off&limit=100");
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.orders.length).toBeGreaterThan(0);
    expect(page.total).toBe(page.orders.length);
    for (const o of page.orders) expect(o).toMatchObject({ risk: { level: "medium" }, confirmation: { state: "off" } });
    const none = await admin("GET", "/api/orders?confirmation=expired");
    expect(none.json()).toMatchObject({ orders: [], total: 0 });
    expect((await admin("GET", "/api/orders?risk=extreme")).statusCode).toBe(400);
  });
});

describe("/api/admin/blocklist", () => {
  it("refuses an order from a blocked number in any spelling with 403 and a neutral message, storing nothing", async () => {
    const who = fresh();
    const digits = who.phone.replace(/\D/g, "").slice(1);
    const blocked = await admin("POST", "/api/admin/blocklist", {
      phone: `+92 ${digits}`,
      reason: "Refused 3 parcels",
    });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ phone: `+92 ${digits}`, reason: "Refused 3 parcels" });
    const before = await countRows(t.db, orders);
    for (const phone of [`0${digits}`, `92${digits}`, `+92 ${digits.slice(0, 3)} ${digits.slice(3)}`]) {
      const res = await order({ ...who, phone });
      expect(res.statusCode, phone).toBe(403);
      expect(res.json()).toEqual({ error: BLOCKED_MESSAGE });
    }
    expect(await countRows(t.db, orders)).toBe(before);
  });

  it("lists blocked numbers and unblocks one by any spelling", async () => {
    await admin("POST", "/api/admin/blocklist", { phone: "0333 4445556" });
    const list = await admin("GET", "/api/admin/blocklist");
    expect(list.json()).toContainEqual(expect.objectContaining({ phone: "0333 4445556", reason: "" }));
    const removed = await admin("DELETE", `/api/admin/blocklist/${encodeURIComponent("+92 333 4445556")}`);
    expect(removed.statusCode).toBe(204);
    expect((await order({ phone: "03334445556", ip: "10.3.3.3" })).statusCode).toBe(201);
    const again = await admin("DELETE", "/api/admin/blocklist/03334445556");
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatch(/not on the blocklist/);
  });

  it("refuses a number too short to block and a caller who is not logged in", async () => {
    const short = await admin("POST", "/api/admin/blocklist", { phone: "12345" });
    expect(short.statusCode).toBe(400);
    const anon = await t.app.inject({ method: "GET", url: "/api/admin/blocklist" });
    expect(anon.statusCode).toBe(401);
    expect(await countRows(t.db, blockedPhones)).toBeGreaterThan(0);
  });
});

describe("PUT /api/settings/{cod rule}", () => {
  const rule = (key: string, value: unknown) => admin("PUT", `/api/settings/${key}`, { value });

  it("refuses an order above cod_max_order_total with 422 naming the rule", async () => {
    expect((await rule("cod_max_order_total", 4000)).json()).toEqual({ key: "cod_max_order_total", value: "4000" });
    try {
      const res = await order(fresh(), {}, [{ productId: product.id, quantity: 2 }]);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(/up to Rs\. 4,000 \(the store's maximum order total\)/);
      expect((await order(fresh())).statusCode).toBe(201);
    } finally {
      await rule("cod_max_order_total", "");
    }
  });

  it("refuses an order past cod_max_open_orders_per_phone with 422 naming the rule", async () => {
    await rule("cod_max_open_orders_per_phone", "2");
    try {
      const who = fresh();
      expect((await order(who)).statusCode).toBe(201);
      expect((await order(who)).statusCode).toBe(201);
      const res = await order(who);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(/already has 2 open orders, the store's maximum for cash on delivery/);
    } finally {
      await rule("cod_max_open_orders_per_phone", "");
    }
  });

  it("takes cash on delivery only in cod_cities, matched without regard to case", async () => {
    expect((await rule("cod_cities", ["Lahore", "Karachi"])).json().value).toBe('["Lahore","Karachi"]');
    try {
      expect((await order(fresh(), { city: "karachi" })).statusCode).toBe(201);
      const res = await order(fresh(), { city: "Multan" });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatch(/only in these cities: Lahore, Karachi/);
    } finally {
      await rule("cod_cities", "");
    }
    expect((await order(fresh(), { city: "Multan" })).statusCode).toBe(201);
  });

  it("refuses a rule value that is not a whole number or a list of cities", async () => {
    const bad = await rule("cod_max_order_total", "lots");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/whole number above 0, or empty for no rule/);
    expect((await rule("cod_cities", "Lahore")).statusCode).toBe(400);
    const settings = (await t.app.inject({ url: "/api/settings" })).json();
    expect(settings).toContainEqual({ key: "cod_max_order_total", value: "" });
  });
});
