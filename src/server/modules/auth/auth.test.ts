import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/admin/login", () => {
  it("refuses a wrong password with the contract's message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: ADMIN.username, password: "nope" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Invalid username or password" });
  });

  it("sets an httpOnly SameSite=Strict cookie and a new token at every login", async () => {
    const a = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    const b = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ username: ADMIN.username, role: "owner" });
    const cookie = a.cookies[0];
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Strict");
    expect(cookie.value.length).toBeGreaterThanOrEqual(22);
    expect(b.cookies[0].value).not.toBe(cookie.value);
  });

  it("throttles repeated failures for one account with a message saying when to retry", async () => {
    let last;
    for (let i = 0; i < 6; i++) {
      last = await t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { username: "victim", password: `guess${i}` },
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toMatch(/try again in/);
    expect(last!.headers["retry-after"]).toBeDefined();
    const other = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    expect(other.statusCode).toBe(200);
  });
});

describe("GET /api/admin/session and POST /api/admin/logout", () => {
  it("knows the logged-in admin and forgets them after logout", async () => {
    const login = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
    const cookie = `store_admin=${login.cookies[0].value}`;
    const before = await t.app.inject({ url: "/api/admin/session", headers: { cookie } });
    expect(before.json()).toEqual({ username: ADMIN.username, role: "owner" });
    await t.app.inject({ method: "POST", url: "/api/admin/logout", headers: { cookie } });
    const after = await t.app.inject({ url: "/api/admin/session", headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });
});

describe("security", () => {
  it("refuses a cross-site mutation", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/logout",
      headers: { cookie: t.adminCookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
  });

  it("answers malformed JSON and unknown paths with a JSON error", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "content-type": "application/json" },
      payload: "{oops",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/not valid JSON/);
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "content-type": "text/plain" },
      payload: "{}",
    });
    expect(plain.statusCode).toBe(415);
    const unknown = await t.app.inject({ url: "/api/nothing-here" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/No API endpoint/);
  });

  it("reports health", async () => {
    const res = await t.app.inject({ url: "/api/health" });
    expect(res.json()).toMatchObject({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
