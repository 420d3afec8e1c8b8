import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { MAX_STREAMS_PER_STAFF } from "./order-events-routes.js";
import { insertProduct, placeOrder } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { dbKind } from "../../test/test-db.js";

let t: TestContext;
let other: FastifyInstance;
let url: string;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  other = await buildApp(t.database, { sessionTtlHours: 1, overload: { maxEventLoopDelayMs: 0 } });
  await other.ready();
  productId = (await insertProduct(t.db)).id;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** Opens the event stream as the admin; resolves with the first `orders` event's text. */
async function nextOrdersEvent(timeoutMs = 5000) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/admin/orders/events`, {
    headers: { cookie: t.adminCookie },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const event = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      text += decoder.decode(value);
      if (text.includes("event: orders")) return text;
    }
  })();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  // Let the stream subscribe before anything happens.
  await new Promise((r) => setTimeout(r, 300));
  return {
    event: event.catch(() => null).finally(() => clearTimeout(timer)),
    close: () => controller.abort(),
  };
}

describe("GET /api/admin/orders/events", () => {
  it("refuses a caller who is not logged in", async () => {
    const res = await fetch(`${url}/api/admin/orders/events`);
    expect(res.status).toBe(401);
  });

  it("streams an orders event when an order is placed", async () => {
    const stream = await nextOrdersEvent();
    await placeOrder(t.app, [{ productId }]);
    expect(await stream.event).toContain("event: orders\ndata: changed");
    stream.close();
  });

  it.skipIf(dbKind !== "postgres")(
    "streams an orders event when the order is placed on another app server (LISTEN/NOTIFY)",
    async () => {
      const stream = await nextOrdersEvent();
      await placeOrder(other, [{ productId }], { customerPhone: "0301 7654321" });
      expect(await stream.event).toContain("event: orders");
      stream.close();
    },
  );

  it("ends open streams when the server stops, so stopping does not wait for them", async () => {
    const app = await buildApp(t.database, { sessionTtlHours: 1, overload: { maxEventLoopDelayMs: 0 } });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const res = await fetch(`${base}/api/admin/orders/events`, { headers: { cookie: t.adminCookie } });
    expect(res.status).toBe(200);
    const ended = res.body!.pipeTo(new WritableStream()).then(() => "ended");
    const started = Date.now();
    await app.close();
    expect(await ended).toBe("ended");
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("open event streams and the requests in flight", () => {
  /** Another app server on the same database with two places, listening; closed after the test. */
  async function smallServer() {
    const app = await buildApp(t.database, {
      sessionTtlHours: 1,
      overload: { maxRequestsInFlight: 2, maxEventLoopDelayMs: 0 },
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    return { app, base };
  }

  const openStream = async (base: string) => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/admin/orders/events`, {
      headers: { cookie: t.adminCookie },
      signal: controller.signal,
    });
    return { res, close: () => controller.abort() };
  };

  it("take no place: admin tabs left open never reduce what shoppers can use", async () => {
    const { app, base } = await smallServer();
    try {
      const streams = await Promise.all([1, 2, 3, 4].map(() => openStream(base)));
      for (const { res } of streams) expect(res.status).toBe(200);
      expect((await fetch(`${base}/api/products`)).status).toBe(200);
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "ok", requestsInFlight: 0 });
      for (const stream of streams) stream.close();
    } finally {
      await app.close();
    }
  });

  it(`are bounded per account: the ${MAX_STREAMS_PER_STAFF + 1}th is refused with a reason, and opens once another closes`, async () => {
    const { app, base } = await smallServer();
    try {
      const streams = [];
      for (let i = 0; i < MAX_STREAMS_PER_STAFF; i++) streams.push(await openStream(base));
      for (const { res } of streams) expect(res.status).toBe(200);
      const refused = await openStream(base);
      expect(refused.res.status).toBe(429);
      expect((await refused.res.json()).error).toMatch(/close some admin tabs/);

      streams.pop()!.close();
      await expect.poll(async () => (await openStream(base)).res.status).toBe(200);
      for (const stream of streams) stream.close();
    } finally {
      await app.close();
    }
  });
});
