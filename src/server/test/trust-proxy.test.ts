import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp, type AppConfig } from "../app.js";
import { createTestDatabase } from "./test-db.js";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function appBehindProxy(trustProxy: AppConfig["trustProxy"]): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const app = await buildApp(database, { sessionTtlHours: 1, trustProxy, overload: { maxEventLoopDelayMs: 0 } });
  await app.ready();
  cleanup = async () => {
    await app.close();
    await database.drop();
  };
  return app;
}

/** 51 failed logins (each for another account) from the proxy, each with its own X-Forwarded-For. */
async function failedLogins(app: FastifyInstance, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 51; i++) {
    const res = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": forwardedFor(i) },
      payload: { username: `someone${i}`, password: "wrong password" },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("client addresses behind a reverse proxy", () => {
  it("trusts one hop with TRUST_PROXY=1, so a forged X-Forwarded-For does not escape the per-network login throttle", async () => {
    const app = await appBehindProxy(1);
    // The client writes any first address it likes; the proxy appends the one it saw, which
    // changes within one IPv6 /64 (one household's network).
    const statuses = await failedLogins(app, (i) => `198.51.100.${i}, 2001:db8:5:6:${i.toString(16)}::1`);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
  });

  it("trusts only the listed proxy addresses", async () => {
    const app = await appBehindProxy(["127.0.0.0/8"]);
    const statuses = await failedLogins(app, (i) => `198.51.100.${i}, 203.0.113.9`);
    expect(statuses[50]).toBe(429);
    const other = await app.inject({
      method: "POST",
      url: "/api/admin/login",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.10" },
      payload: { username: "someone", password: "wrong password" },
    });
    expect(other.statusCode).toBe(401);
  });
});
