import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, placeOrder, productData, sendProduct } from "../../test/factory.js";
import { ADMIN, createTestApp, type TestContext } from "../../test/test-app.js";
import { createGeneratedAdmin, retireGeneratedAdmins, upsertAdmin } from "../auth/auth-service.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function login(username: string, password: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { username, password } });
  return { res, cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
}
const asOwner = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: t.adminCookie } });
const session = (cookie: string) => t.app.inject({ url: "/api/admin/session", headers: { cookie } });

describe("GET/POST /api/admin/staff", () => {
  it("lets the owner add an agent, who logs in as an agent and is kept out of owner routes", async () => {
    const added = await asOwner("POST", "/api/admin/staff", {
      username: "sara",
      password: "sara password",
      role: "agent",
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ username: "sara", role: "agent", disabled: false });
    const list = await asOwner("GET", "/api/admin/staff");
    expect(list.json().map((a: { username: string }) => a.username)).toEqual(expect.arrayContaining(["owner", "sara"]));
    expect(JSON.stringify(list.json())).not.toMatch(/scrypt|passwordHash/);

    const { cookie } = await login("sara", "sara password");
    expect((await session(cookie)).json()).toEqual({ username: "sara", role: "agent" });
    const refused = await t.app.inject({ url: "/api/admin/staff", headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/orders", headers: { cookie } })).statusCode).toBe(200);
  });

  it("refuses a taken username and a short password with messages saying what to do", async () => {
    const taken = await asOwner("POST", "/api/admin/staff", {
      username: "owner",
      password: "long enough",
      role: "agent",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatch(/already an account named owner; choose another/);
    const short = await asOwner("POST", "/api/admin/staff", { username: "bilal", password: "short", role: "agent" });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.password).toBe("Enter a password of at least 8 characters");
  });
});

describe("PATCH /api/admin/staff/{username}", () => {
  it("ends an account's sessions at once when it is disabled, and it cannot log in again", async () => {
    await upsertAdmin(t.db, "hamza", "hamza password", "agent");
    const { cookie } = await login("hamza", "hamza password");
    expect((await session(cookie)).statusCode).toBe(200);
    const res = await asOwner("PATCH", "/api/admin/staff/hamza", { disabled: true });
    expect(res.json()).toMatchObject({ username: "hamza", disabled: true });
    expect((await session(cookie)).statusCode).toBe(401);
    expect((await login("hamza", "hamza password")).res.statusCode).toBe(401);
  });

  it("ends an account's sessions when the owner sets its password, and changes its role", async () => {
    await upsertAdmin(t.db, "zainab", "zainab password", "agent");
    const { cookie } = await login("zainab", "zainab password");
    await asOwner("PATCH", "/api/admin/staff/zainab", { password: "a new secret" });
    expect((await session(cookie)).statusCode).toBe(401);
    const promoted = await asOwner("PATCH", "/api/admin/staff/zainab", { role: "owner" });
    expect(promoted.json().role).toBe("owner");
    const fresh = await login("zainab", "a new secret");
    expect(fresh.res.json()).toEqual({ username: "zainab", role: "owner" });
  });

  it("keeps at least one enabled owner", async () => {
    await asOwner("PATCH", "/api/admin/staff/zainab", { disabled: true });
    const res = await asOwner("PATCH", "/api/admin/staff/owner", { role: "agent" });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("The store needs at least one owner: make another account owner first");
  });

  it("answers 404 for an unknown account", async () => {
    const res = await asOwner("PATCH", "/api/admin/staff/nobody", { disabled: true });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /api/admin/password", () => {
  it("needs the current password, then ends every other session and keeps the caller logged in", async () => {
    await upsertAdmin(t.db, "usman", "usman password", "agent");
    const phone = await login("usman", "usman password");
    const laptop = await login("usman", "usman password");
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/admin/password",
      headers: { cookie: laptop.cookie },
      payload: { currentPassword: "guess", newPassword: "usman's new one" },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe("Your current password is not right; type it again");
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/admin/password",
      headers: { cookie: laptop.cookie },
      payload: { currentPassword: "usman password", newPassword: "usman's new one" },
    });
    expect(ok.statusCode).toBe(200);
    expect((await session(phone.cookie)).statusCode).toBe(401);
    expect((await session(laptop.cookie)).statusCode).toBe(401);
    const renewed = ok.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await session(renewed)).json()).toEqual({ username: "usman", role: "agent" });
    expect((await login("usman", "usman's new one")).res.statusCode).toBe(200);
  });

  it("throttles wrong current passwords like logins, saying when to retry, and not another network", async () => {
    await upsertAdmin(t.db, "bilal", "bilal password", "agent");
    const { cookie } = await login("bilal", "bilal password");
    const change = (currentPassword: string, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/password",
        remoteAddress,
        headers: { cookie },
        payload: { currentPassword, newPassword: "bilal's new one" },
      });
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`guess ${i}`, "192.0.2.31")));
    expect(guesses.map((r) => r.statusCode).sort()).toEqual([...Array<number>(5).fill(403), 429, 429, 429]);
    const refused = await change("bilal password", "192.0.2.31");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many wrong current passwords\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await change("bilal password", "192.0.2.32")).statusCode).toBe(200);
  });
});

describe("GET /api/admin/audit", () => {
  it("records each staff mutation with who, what, before and after, filterable by person and order", async () => {
    await upsertAdmin(t.db, "amna", "amna password", "agent");
    const amna = await login("amna", "amna password");
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }]);
    await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${order.id}`,
      headers: { cookie: amna.cookie },
      payload: { status: "processing" },
    });
    await t.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/notes`,
      headers: { cookie: amna.cookie },
      payload: { text: "Customer asked for evening delivery" },
    });
    await asOwner("PATCH", "/api/admin/staff/amna", { role: "owner" });

    const byAmna = (await asOwner("GET", "/api/admin/audit?actor=amna")).json();
    expect(byAmna.entries.map((e: { action: string }) => e.action)).toEqual(["order.note", "order.status"]);
    expect(byAmna.entries[1]).toMatchObject({
      actor: "amna",
      orderId: order.id,
      before: { status: "pending" },
      after: { status: "processing" },
    });
    const byOrder = (await asOwner("GET", `/api/admin/audit?orderId=${order.id}`)).json();
    expect(byOrder.total).toBe(2);
    const all = (await asOwner("GET", "/api/admin/audit?actor=owner")).json();
    expect(all.entries[0]).toMatchObject({
      action: "staff.update",
      entityId: "amna",
      before: { role: "agent" },
      after: { role: "owner" },
    });
    const agent = await login("sara", "sara password");
    expect((await t.app.inject({ url: "/api/admin/audit", headers: { cookie: agent.cookie } })).statusCode).toBe(403);
  });
});

describe("the audit of catalogue and settings edits", () => {
  it("records products, categories and settings changed by the owner, with only what changed, and an unchanged save not at all", async () => {
    const category = await t.app.inject({
      method: "POST",
      url: "/api/categories",
      headers: { cookie: t.adminCookie },
      payload: { name: "Bridal", slug: "bridal" },
    });
    const categoryId = category.json().id;
    await t.app.inject({
      method: "PUT",
      url: `/api/categories/${categoryId}`,
      headers: { cookie: t.adminCookie },
      payload: { name: "Bridal Wear", slug: "bridal" },
    });
    const created = await sendProduct(t, "POST", "/api/products", {
      productData: JSON.stringify(productData({ sku: "AUD-1", category: "bridal" })),
    });
    const productId = created.json().id;
    const priceChange = {
      productData: JSON.stringify(productData({ sku: "AUD-1", category: "bridal", price: "4200" })),
    };
    await sendProduct(t, "PUT", `/api/products/${productId}`, priceChange);
    // Saved again unchanged: nothing to record.
    await sendProduct(t, "PUT", `/api/products/${productId}`, priceChange);
    await t.app.inject({ method: "DELETE", url: `/api/products/${productId}`, headers: { cookie: t.adminCookie } });
    await t.app.inject({
      method: "PUT",
      url: "/api/settings/site_name",
      headers: { cookie: t.adminCookie },
      payload: { value: "Zaiba Couture" },
    });

    const { entries } = (await asOwner("GET", "/api/admin/audit?actor=owner")).json();
    const actions = entries.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 6)).toEqual([
      "setting.update",
      "product.delete",
      "product.update",
      "product.create",
      "category.update",
      "category.create",
    ]);
    const byAction = (action: string) => entries.find((e: { action: string }) => e.action === action);
    expect(byAction("product.update")).toMatchObject({
      entity: "product",
      entityId: String(productId),
      before: { price: "3500.00" },
      after: { price: "4200.00" },
    });
    expect(Object.keys(byAction("product.update").after)).not.toContain("name");
    expect(actions.filter((a: string) => a === "product.update")).toHaveLength(1);
    expect(byAction("category.update")).toMatchObject({ before: { name: "Bridal" }, after: { name: "Bridal Wear" } });
    expect(byAction("product.delete").before).toMatchObject({ sku: "AUD-1" });
    expect(byAction("setting.update").after).toEqual({ site_name: "Zaiba Couture" });
  });
});

describe("the audit of every other staff change", () => {
  it("writes who changed what for calls without their own line, never a password", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/admin/blocklist",
      headers: { cookie: t.adminCookie },
      payload: { phone: "0300 7654321", reason: "fake orders" },
    });
    await t.app.inject({
      method: "PUT",
      url: "/api/admin/courier-settings",
      headers: { cookie: t.adminCookie },
      payload: { enabled: false, baseUrl: "http://127.0.0.1:9/api", apiKey: "k", apiPassword: "p", weightGrams: 500 },
    });
    const { entries } = (await asOwner("GET", "/api/admin/audit?actor=owner")).json();
    const [courier, blocked] = entries;
    expect(blocked).toMatchObject({
      action: "POST /api/admin/blocklist",
      entity: "blocklist",
      after: { phone: "0300 7654321", reason: "fake orders" },
    });
    expect(courier).toMatchObject({ action: "PUT /api/admin/courier-settings", entity: "courier-settings" });
    expect(courier.after).toMatchObject({ apiKey: "(hidden)", apiPassword: "(hidden)", weightGrams: 500 });
  });
});

describe("POST /api/orders/{id}/notes", () => {
  it("adds a note with author and time to the admin order, and never to a shopper's answer", async () => {
    const product = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: "03217654321" });
    const agent = await login("sara", "sara password");
    const added = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/notes`,
      headers: { cookie: agent.cookie },
      payload: { text: "  Called twice, no answer  " },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      author: "sara",
      text: "Called twice, no answer",
      createdAt: expect.any(String),
    });
    const detail = (await asOwner("GET", `/api/orders/${order.id}`)).json();
    expect(detail.notes).toEqual([added.json()]);

    const tracked = await t.app.inject({ method: "POST", url: "/api/orders/track", payload: { phone: "03217654321" } });
    expect(tracked.body).not.toMatch(/Called twice/);
    const empty = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/notes`,
      headers: { cookie: agent.cookie },
      payload: { text: " " },
    });
    expect(empty.json()).toMatchObject({ error: "Write the note first" });
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/notes`,
      payload: { text: "x" },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the generated admin account", () => {
  it("stops working once ADMIN_USERNAME names another account", async () => {
    await createGeneratedAdmin(t.db, "admin", "printed once in a log");
    const before = await login("admin", "printed once in a log");
    expect(before.res.statusCode).toBe(200);
    await upsertAdmin(t.db, ADMIN.username, ADMIN.password);
    await retireGeneratedAdmins(t.db, ADMIN.username);
    expect((await session(before.cookie)).statusCode).toBe(401);
    expect((await login("admin", "printed once in a log")).res.statusCode).toBe(401);
  });
});
