import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * The app over a real listening socket and real HTTP (fetch), not inject(): what a browser or a
 * proxy in front of the store actually sees.
 */
let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const call = (path: string, init: RequestInit = {}) =>
  fetch(base + path, { ...init, signal: AbortSignal.timeout(10_000) });

describe("the API over a real socket", () => {
  it("answers /api/health with JSON that is never cached", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await call("/api/no-such-thing?x=1");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: "No API endpoint GET /api/no-such-thing" });
  });

  it("refuses a cross-site POST before it reaches the handler", async () => {
    const res = await call("/api/admin/logout", {
      method: "POST",
      headers: { cookie: t.adminCookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Cross-site requests are not allowed" });
    const session = await call("/api/admin/session", { headers: { cookie: t.adminCookie } });
    expect(session.status).toBe(200);
  });

  it("refuses JSON smuggled in as text/plain, as a cross-site form would send it", async () => {
    const res = await call("/api/admin/login", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ username: "owner", password: "x" }),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toMatch(/Unsupported content type/);
  });

  it("streams the orders CSV to a logged-in admin and nothing to anyone else", async () => {
    const anonymous = await call("/api/admin/orders.csv");
    expect(anonymous.status).toBe(401);
    const res = await call("/api/admin/orders.csv", { headers: { cookie: t.adminCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text.split("\r\n")[0]).toMatch(/^Order Number,Order ID,/);
  });
});
