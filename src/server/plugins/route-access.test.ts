import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { upsertAdmin } from "../modules/auth/auth-service.js";
import { createTestApp, type TestContext } from "../test/test-app.js";
import { createTestDatabase } from "../test/test-db.js";
import type { RouteAccess } from "./auth.js";

/**
 * Deny by default, proven on the built app: every registered route declared who may call it,
 * and every staff route refuses a caller without a session (401) and an agent where only the
 * owner may go (403). A new public route must be added to PUBLIC below, on purpose.
 */
const PUBLIC = new Set([
  "GET /api/health",
  "POST /api/admin/login",
  "POST /api/admin/logout",
  "GET /api/images/:id",
  "GET /api/images/:id/:variant",
  "GET /api/products",
  "GET /api/products/home",
  "GET /api/products/:id",
  "GET /api/categories",
  "GET /api/settings",
  "GET /api/cart",
  "POST /api/cart",
  "PUT /api/cart/:id",
  "DELETE /api/cart/:id",
  "POST /api/orders",
  "POST /api/checkout/quote",
  "GET /api/checkout/cities",
  "GET /api/orders/mine",
  "POST /api/orders/track",
  "POST /api/orders/:id/payment-proof",
  // Advances paid online (decision 027): 404 until Safepay is connected.
  "POST /api/orders/:id/pay-link",
  "POST /api/payments/safepay/webhook",
  "PATCH /api/orders/:id",
  "GET /api/reviews/product/:id",
  "GET /api/reviews/product/:id/rating",
  // Product addresses (issue 40): the page and its rating read by handle.
  "GET /api/products/by-handle/:handle",
  "GET /api/reviews/product/by-handle/:handle/rating",
  // Filters built from the catalogue (issue 40), with the same filters as the product list.
  "GET /api/products/facets",
  "POST /api/reviews/validate",
  "POST /api/reviews",
  "GET /api/whatsapp/webhook",
  "POST /api/whatsapp/webhook",
  "POST /api/returns",
  // Winning back sales (issue 42): consent given by the shopper, bounded per phone and network.
  "POST /api/back-in-stock",
  "POST /api/checkout/abandoned",
  "POST /api/cart/restore",
  // The product feed Meta's and Google's catalogues fetch (issue 28).
  "GET /feeds/products.xml",
]);

/** Answers that stream until the client goes away: called over a socket, headers only. */
const STREAMS = new Set(["GET /api/admin/orders/events"]);

let t: TestContext;
let agentCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await upsertAdmin(t.db, "agent-ali", "agent password 1", "agent");
  const login = await t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username: "agent-ali", password: "agent password 1" },
  });
  agentCookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
});
afterAll(() => t.close());

const routes = () => t.app.routeAccess.filter((r) => r.method !== "HEAD");
const concrete = (url: string) => url.replace(/:id\b/g, "00000000-0000-4000-8000-000000000000").replace(/:(\w+)/g, "x");
async function call(method: string, url: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (!STREAMS.has(`${method} ${url}`)) return t.app.inject({ method: method as "GET", url: concrete(url), headers });
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}${concrete(url)}`, { method, headers, signal: abort.signal });
  const body = res.status === 200 ? "{}" : await res.text();
  abort.abort();
  return { statusCode: res.status, json: () => JSON.parse(body) };
}

describe("route access", () => {
  it("has every route declare its access, and only the listed routes are public", () => {
    expect(routes().length).toBeGreaterThan(30);
    const publicRoutes = routes()
      .filter((r) => r.access === "public")
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.filter((r) => !PUBLIC.has(r))).toEqual([]);
  });

  it("refuses every staff route without a session, with 401", async () => {
    const staffRoutes = routes().filter((r) => r.access !== "public");
    for (const route of staffRoutes) {
      const res = await call(route.method, route.url);
      expect([route.url, res.statusCode]).toEqual([route.url, 401]);
      expect(res.json().error).toBe("Please log in to the store admin to do this");
    }
  });

  it("refuses an agent every owner route with 403, and lets them through every agent route", async () => {
    for (const route of routes().filter((r) => r.access !== "public")) {
      const res = await call(route.method, route.url, agentCookie);
      if (route.access === "owner") {
        expect([route.method, route.url, res.statusCode]).toEqual([route.method, route.url, 403]);
        expect(res.json().error).toMatch(/Only the store owner can do this/);
      } else {
        expect([route.method, route.url, res.statusCode]).not.toContainEqual(401);
        expect(res.statusCode).not.toBe(403);
      }
    }
  });

  it("lets the owner through every staff route", async () => {
    for (const route of routes().filter((r) => r.access !== "public")) {
      const res = await call(route.method, route.url, t.adminCookie);
      expect([route.url, res.statusCode]).not.toEqual([route.url, 401]);
      expect([route.url, res.statusCode]).not.toEqual([route.url, 403]);
    }
  });

  it("serves the built storefront's files as public without each declaring it", async () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), "built-"));
    const clientDir = path.join(built, "client");
    fs.mkdirSync(path.join(clientDir, ".vite"), { recursive: true });
    // The server renderer the build writes beside the client (dist/server): none of it runs here.
    fs.mkdirSync(path.join(built, "server"));
    fs.writeFileSync(
      path.join(built, "server/entry-server.js"),
      "export const pageReads = () => [];\nexport async function renderPage() { throw new Error('not rendered'); }\n",
    );
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, ".vite/manifest.json"), "{}");
    fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Store</title>");
    fs.writeFileSync(path.join(clientDir, "assets/app-1.js"), "console.log(1)");
    const database = await createTestDatabase();
    const app = await buildApp(database, { sessionTtlHours: 1, clientDir });
    try {
      expect((await app.inject({ url: "/assets/app-1.js" })).statusCode).toBe(200);
      expect(app.routeAccess).toContainEqual({ method: "GET", url: "/assets/app-1.js", access: "public" });
    } finally {
      await app.close();
      await database.drop();
      fs.rmSync(built, { recursive: true, force: true });
    }
  });

  it("refuses to start when a route does not declare who may call it", async () => {
    const database = await createTestDatabase();
    const app = await buildApp(database, { sessionTtlHours: 1 });
    try {
      expect(() => app.get("/api/undeclared", async () => ({}))).toThrow(/does not declare who may call it/);
      const access: RouteAccess = "public";
      expect(() => app.get("/api/declared", { config: { access } }, async () => ({}))).not.toThrow();
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
