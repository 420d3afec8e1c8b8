import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { createTestDatabase } from "../test/test-db.js";
import { OVERLOAD_MESSAGE, type OverloadConfig } from "./overload.js";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** The real app with the given limits and a route that holds its request until `release()`. */
async function appWithGate(overload: OverloadConfig) {
  const database = await createTestDatabase();
  const app: FastifyInstance = await buildApp(database, { sessionTtlHours: 1, overload });
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  app.get("/api/test-held", { config: { access: "public" } }, async () => {
    await gate;
    return { ok: true };
  });
  await app.ready();
  cleanup = async () => {
    open();
    await app.close();
    await database.drop();
  };
  return {
    app,
    release: () => {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

const expectShed = (
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  retryAfter: string,
) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe(retryAfter);
  expect(res.json()).toEqual({ error: OVERLOAD_MESSAGE });
};

describe("load shedding by requests in flight", () => {
  it("answers 503 with Retry-After past the limit, has /api/health say it is busy, and admits again once requests finish", async () => {
    const { app, release } = await appWithGate({
      maxRequestsInFlight: 2,
      maxEventLoopDelayMs: 0,
      retryAfterSeconds: 3,
    });
    const held = [app.inject({ url: "/api/test-held" }), app.inject({ url: "/api/test-held" })];
    await new Promise((r) => setTimeout(r, 50)); // both are now inside the handler

    expectShed(await app.inject({ url: "/api/products" }), "3");
    // Health still answers, and honestly: every place is taken.
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "busy", requestsInFlight: 2, maxRequestsInFlight: 2 });

    release();
    for (const res of await Promise.all(held)) expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/products" })).statusCode).toBe(200);
  });

  it("gives every finished request its place back, failed ones included", async () => {
    const { app } = await appWithGate({ maxRequestsInFlight: 1, maxEventLoopDelayMs: 0 });
    for (let i = 0; i < 5; i++) expect((await app.inject({ url: "/api/no-such-thing" })).statusCode).toBe(404);
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ method: "POST", url: "/api/orders", payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ url: "/api/products" })).statusCode).toBe(200);
  });
});

describe("load shedding by event-loop delay", () => {
  it("answers 503 right after the event loop was stuck, and 200 again by itself once it keeps up", async () => {
    const { app } = await appWithGate({
      maxRequestsInFlight: 0,
      maxEventLoopDelayMs: 100,
      sampleIntervalMs: 250,
      retryAfterSeconds: 1,
    });
    const until = Date.now() + 600;
    while (Date.now() < until) {
      // a stuck event loop: what a long synchronous job or an overwhelmed process looks like
    }
    await new Promise((r) => setTimeout(r, 5)); // lets the overdue sample see the delay first
    expectShed(await app.inject({ url: "/api/products" }), "1");
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);

    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await app.inject({ url: "/api/products" })).statusCode;
    }
    expect(status).toBe(200);
  });
});
