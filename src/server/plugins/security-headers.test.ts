import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { createTestDatabase } from "../test/test-db.js";
import { DEFAULT_PIXEL_SCRIPT_URL } from "../lib/meta-defaults.js";
import { CONTENT_SECURITY_POLICY } from "./security.js";

let app: FastifyInstance;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase();
  app = await buildApp(database, { sessionTtlHours: 1, trustProxy: 1, overload: { maxEventLoopDelayMs: 0 } });
  await app.ready();
  drop = () => database.drop();
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe("security headers", () => {
  it("sends a Content-Security-Policy that allows only the store's own scripts", async () => {
    const res = await app.inject({ url: "/api/health" });
    expect(res.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
  });

  it("allows Meta's pixel script and its events only when the pixel is on", async () => {
    const database = await createTestDatabase();
    const withPixel = await buildApp(database, {
      sessionTtlHours: 1,
      overload: { maxEventLoopDelayMs: 0 },
      metaAds: {
        pixelId: "1234567890123",
        apiUrl: "https://graph.facebook.com/v25.0",
        pixelScriptUrl: DEFAULT_PIXEL_SCRIPT_URL,
        deliveryEvents: false,
      },
    });
    try {
      const policy = String((await withPixel.inject({ url: "/api/health" })).headers["content-security-policy"]);
      expect(policy).toMatch(/script-src 'self' https:\/\/connect\.facebook\.net;/);
      expect(policy).toMatch(/img-src 'self' data: blob: https:\/\/www\.facebook\.com;/);
      expect(policy).toMatch(/connect-src 'self' https:\/\/www\.facebook\.com;/);
      expect(policy).toMatch(/default-src 'self';/);
    } finally {
      await withPixel.close();
      await database.drop();
    }
    expect(CONTENT_SECURITY_POLICY).not.toContain("facebook");
  });

  it("sends HSTS over HTTPS only", async () => {
    const https = await app.inject({ url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const http = await app.inject({ url: "/api/health" });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
  });
});
