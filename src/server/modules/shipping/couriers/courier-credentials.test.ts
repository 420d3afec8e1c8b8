import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settings } from "../../../db/schema.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "../../../test/fakes/leopards-fake.js";
import { insertProduct, placeOrder, setOrderStatus } from "../../../test/factory.js";
import { createTestApp, startAnotherServer, type TestContext } from "../../../test/test-app.js";

/** Issue 22, L3: the Leopards API key and password at rest, on the wire and in answers. */
let t: TestContext;
let fake: LeopardsFake;
let elsewhere: LeopardsFake;
let productId: number;
beforeAll(async () => {
  [t, fake, elsewhere] = await Promise.all([createTestApp(), startLeopardsFake(), startLeopardsFake()]);
  productId = (await insertProduct(t.db)).id;
});
afterAll(async () => {
  await t.close();
  await Promise.all([fake.close(), elsewhere.close()]);
});
beforeEach(() => fake.setMode("ok"));

const save = (payload: object, app = t.app) =>
  app.inject({ method: "PUT", url: "/api/admin/courier-settings", headers: { cookie: t.adminCookie }, payload });
const connect = (overrides: object = {}) =>
  save({
    enabled: true,
    baseUrl: fake.baseUrl,
    apiKey: FAKE_KEY,
    apiPassword: FAKE_PASSWORD,
    timeoutSeconds: 1,
    ...overrides,
  });
const book = async (app = t.app) => {
  const { id } = await placeOrder(t.app, [{ productId }]);
  await setOrderStatus(t.db, id, "processing");
  return app.inject({
    method: "POST",
    url: "/api/admin/orders/book",
    headers: { cookie: t.adminCookie },
    payload: { ids: [id] },
  });
};
const storedRow = async () =>
  JSON.stringify((await t.db.select().from(settings).where(eq(settings.key, "courier.leopards")))[0]?.value);

describe("the Leopards credentials", () => {
  it("are stored encrypted and never sent back, only whether each is set", async () => {
    expect((await connect()).statusCode).toBe(200);
    const stored = await storedRow();
    expect(stored).not.toContain(FAKE_KEY);
    expect(stored).not.toContain(FAKE_PASSWORD);
    const view = await t.app.inject({ url: "/api/admin/courier-settings", headers: { cookie: t.adminCookie } });
    expect(view.json()).toMatchObject({ hasApiKey: true, hasPassword: true });
    expect(view.body).not.toContain(FAKE_KEY);
    expect(view.json()).not.toHaveProperty("apiKey");
    expect((await book()).json().booked).toBe(1);
  });

  it("are asked for again when the API address changes, and never go to the new address untyped", async () => {
    await connect();
    const moved = await save({ enabled: true, baseUrl: elsewhere.baseUrl, timeoutSeconds: 1 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      error: "The API address changed: enter the API key and password from your Leopards account again",
      details: {
        apiKey: "Enter the API key again for the new address",
        apiPassword: "Enter the API password again for the new address",
      },
    });
    // Switched off, the new address is saved without the old credentials.
    const off = await save({ enabled: false, baseUrl: elsewhere.baseUrl, timeoutSeconds: 1 });
    expect(off.json()).toMatchObject({ baseUrl: elsewhere.baseUrl, hasApiKey: false, hasPassword: false });
    expect((await save({ enabled: true, baseUrl: elsewhere.baseUrl, timeoutSeconds: 1 })).statusCode).toBe(400);
    await book();
    expect(elsewhere.requests).toEqual([]);
    expect((await connect()).statusCode).toBe(200);
  });

  it("go only to an https address (plain http only to this machine), never with a user in it", async () => {
    for (const baseUrl of [
      "http://merchantapi.leopardscourier.com/api",
      "http://10.0.0.5/api",
      "ftp://127.0.0.1/api",
      "https://user:pw@merchantapi.leopardscourier.com/api",
    ]) {
      const res = await connect({ baseUrl });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().details.baseUrl, baseUrl).toBe(
        "Enter the https:// API address, e.g. https://merchantapi.leopardscourier.com/api",
      );
    }
    expect(
      (await connect({ baseUrl: "https://merchantapistaging.leopardscourier.com/api", enabled: false })).statusCode,
    ).toBe(200);
    expect((await connect()).statusCode).toBe(200);
  });

  it("are not re-sent to where the courier's address redirects", async () => {
    await connect();
    fake.setMode("redirect");
    const res = await book();
    // The address answered with a redirect, not with a booking; the next attempt asks Leopards first all the same.
    expect(res.json().results[0].error).toMatch(
      /^Leopards could not be reached; Leopards may have booked #[0-9A-F]{8} all the same/,
    );
    expect(fake.calls("captured")).toEqual([]);
  });

  it("never pass the answering service's own text on to the agent", async () => {
    await connect();
    fake.setMode("refuse", "<html><body>Admin console: see http://10.0.0.5/</body></html>");
    const res = await book();
    expect(res.json().results[0].error).toBe(
      "Leopards refused the booking: no reason given; check the order's phone, address and city, or the Leopards portal",
    );
  });

  it("saved in plain text by an earlier version are encrypted at the next start, and still book", async () => {
    const legacy = {
      enabled: true,
      baseUrl: fake.baseUrl,
      apiKey: FAKE_KEY,
      apiPassword: FAKE_PASSWORD,
      weightGrams: 500,
      timeoutSeconds: 1,
    };
    await t.db.update(settings).set({ value: legacy }).where(eq(settings.key, "courier.leopards"));
    const restarted = await startAnotherServer(t);
    try {
      const stored = await storedRow();
      expect(stored).not.toContain(FAKE_KEY);
      expect(stored).not.toContain(FAKE_PASSWORD);
      expect((await book(restarted)).json().booked).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it("cannot be saved on a server without a secrets key, and saying how to set one", async () => {
    await connect();
    const keyless = await startAnotherServer(t, { secretsKey: null });
    try {
      const res = await save(
        { enabled: true, baseUrl: fake.baseUrl, apiKey: FAKE_KEY, apiPassword: FAKE_PASSWORD },
        keyless,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/set SECRETS_KEY/);
      expect(await storedRow()).not.toContain(FAKE_PASSWORD);
    } finally {
      await keyless.close();
    }
  });
});
