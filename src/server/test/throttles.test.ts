import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OVERLOAD_MESSAGE } from "../plugins/overload.js";
import { checkoutPayload, insertProduct } from "./factory.js";
import { ADMIN, createTestApp, type TestContext } from "./test-app.js";

/**
 * The three throttles a stranger can hit: admin login, order tracking and order placement.
 * Each refuses one client with 429 and a time to wait, and leaves other clients (another
 * address, another phone number) alone. Client addresses are simulated with `remoteAddress`
 * (the app does not trust X-Forwarded-For by default).
 */

let t: TestContext;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  productId = (await insertProduct(t.db)).id;
});
afterAll(() => t.close());

/**
 * Sends a request, asking again when the app shed it for a lagging event loop (a busy two-core
 * test machine): a shed request never reaches the throttles, so it changes no count.
 */
async function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  for (let attempt = 1; ; attempt++) {
    const res = await t.app.inject(options);
    if (res.statusCode !== 503 || res.json().error !== OVERLOAD_MESSAGE || attempt === 5) return res;
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
}

function expectThrottled(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(res.json().error).toMatch(/^Too many .+\. Please try again in \d+ (seconds?|minutes?)\.$/);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
}

describe("POST /api/admin/login", () => {
  const login = (payload: object, ip: string) =>
    inject({ method: "POST", url: "/api/admin/login", payload, remoteAddress: ip });

  it("refuses the sixth wrong password from one address, but the owner still logs in from another", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: ADMIN.username, password: `guess-${i}` }, "10.10.0.1")).statusCode).toBe(401);
    }
    const sixth = await login({ username: ADMIN.username, password: ADMIN.password }, "10.10.0.1");
    expectThrottled(sixth);
    expect(sixth.json().error).toMatch(/failed login attempts/);
    expect((await login(ADMIN, "10.10.0.2")).statusCode).toBe(200);
  });

  it("refuses an address that guesses across many accounts, and not its neighbours", async () => {
    for (let i = 0; i < 50; i++) {
      expect((await login({ username: `user${i}`, password: "wrong-password" }, "10.10.1.1")).statusCode).toBe(401);
    }
    expectThrottled(await login({ username: "someone-new", password: "wrong-password" }, "10.10.1.1"));
    expect((await login({ username: "someone-new", password: "wrong-password" }, "10.10.1.2")).statusCode).toBe(401);
    expect((await login(ADMIN, "10.10.1.2")).statusCode).toBe(200);
  });
});

describe("POST /api/orders/track", () => {
  const track = (phone: string, ip: string) =>
    inject({ method: "POST", url: "/api/orders/track", payload: { phone }, remoteAddress: ip });

  it("refuses the eleventh search for one phone number, from any address, and not other numbers", async () => {
    for (let i = 0; i < 10; i++) expect((await track("0301 1111111", `10.20.0.${i}`)).statusCode).toBe(200);
    const eleventh = await track("+92 301 1111111", "10.20.1.1");
    expectThrottled(eleventh);
    expect(eleventh.json().error).toMatch(/this phone number/);
    expect((await track("03012222222", "10.20.1.1")).statusCode).toBe(200);
  });

  it("refuses an address after 300 searches, and not another address", async () => {
    for (let i = 0; i < 300; i++) {
      const res = await track(`0302${String(1000000 + i)}`, "10.20.2.1");
      expect(res.statusCode).toBe(200);
    }
    const next = await track("03023333333", "10.20.2.1");
    expectThrottled(next);
    expect(next.json().error).toMatch(/your network/);
    expect((await track("03023333333", "10.20.2.2")).statusCode).toBe(200);
  });
});

describe("POST /api/orders", () => {
  const order = (overrides: Record<string, unknown>, ip: string, headers: Record<string, string> = {}) =>
    inject({
      method: "POST",
      url: "/api/orders",
      payload: checkoutPayload([{ productId }], overrides),
      headers,
      remoteAddress: ip,
    });
  const missingProduct = (phone: string, ip: string) =>
    inject({
      method: "POST",
      url: "/api/orders",
      payload: checkoutPayload([{ productId: 2_000_000_000 }], { customerPhone: phone }),
      remoteAddress: ip,
    });

  it("refuses a phone number after twenty refused orders, even a good one, and not other numbers", async () => {
    for (let i = 0; i < 19; i++) expect((await missingProduct("0311 1111111", `10.30.0.${i}`)).statusCode).toBe(409);
    const invalid = await order({ customerPhone: "03111111111", shippingAddress: "short" }, "10.30.0.99");
    expect(invalid.statusCode).toBe(400);
    const good = await order({ customerPhone: "+92 311 1111111" }, "10.30.1.1");
    expectThrottled(good);
    expect(good.json().error).toMatch(/refused orders for this phone number/);
    expect((await order({ customerPhone: "03112222222" }, "10.30.1.1")).statusCode).toBe(201);
  });

  it("refuses an address after a hundred refused orders, and not another address", async () => {
    for (let i = 0; i < 100; i++) {
      // Different numbers, and some with no usable number at all: only the address adds up.
      const payload = i % 2 ? { customerPhone: `0312${String(1000000 + i)}`, items: [] } : { customerPhone: 42 };
      const res = await order(payload, "10.30.2.1");
      expect(res.statusCode).toBe(400);
    }
    const next = await order({ customerPhone: "03123333333" }, "10.30.2.1");
    expectThrottled(next);
    expect(next.json().error).toMatch(/your network/);
    expect((await order({ customerPhone: "03123333333" }, "10.30.2.2")).statusCode).toBe(201);
  });

  it("caps one phone number at 30 orders an hour, still answers a retry, and leaves other numbers alone", async () => {
    const first = await order({ customerPhone: "03134444444" }, "10.30.3.1", { "idempotency-key": "spam-0" });
    expect(first.statusCode).toBe(201);
    for (let i = 1; i < 30; i++)
      expect((await order({ customerPhone: "03134444444" }, `10.30.3.${i}`)).statusCode).toBe(201);
    const extra = await order({ customerPhone: "0313 4444444" }, "10.30.4.1");
    expectThrottled(extra);
    expect(extra.json().error).toMatch(/Too many orders for this phone number/);
    const retry = await order({ customerPhone: "03134444444" }, "10.30.3.1", { "idempotency-key": "spam-0" });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
    expect((await order({ customerPhone: "03135555555" }, "10.30.4.1")).statusCode).toBe(201);
  });

  it("caps one network at 120 placed orders an hour whatever phone numbers it gives, and not another network", async () => {
    for (let i = 0; i < 120; i++) {
      const res = await order({ customerPhone: `0316${String(1000000 + i)}` }, "10.30.6.1");
      expect(res.statusCode).toBe(201);
    }
    const next = await order({ customerPhone: "03169999999" }, "10.30.6.1");
    expectThrottled(next);
    expect(next.json().error).toMatch(/Too many orders from your network/);
    expect((await order({ customerPhone: "03169999999" }, "10.30.6.2")).statusCode).toBe(201);
  }, 120_000);
});
