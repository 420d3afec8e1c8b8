import { beforeAll, describe, expect, it } from "vitest";
import { insertProduct, mobileNumber, placeOrder } from "../../../test/factory.js";
import type { TestContext } from "../../../test/test-app.js";
import { useWhatsappTestApp } from "../../../test/whatsapp-test-app.js";

// Meta limits how many customers the number may message first in 24 hours (CONTRACT.md part four,
// decision 041): at the limit a confirmation holds its order for an agent, with the reason.
const wa = useWhatsappTestApp({ requestTimeoutMs: 10_000 });
const { sentFor } = wa;
let t: TestContext;
let product: Awaited<ReturnType<typeof insertProduct>>;

beforeAll(async () => {
  t = wa.t;
  product = await insertProduct(t.db, { name: "Lawn Suit", price: "2500.00" });
});

const admin = (method: "GET" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: t.adminCookie } });

describe("the number's daily limit", () => {
  it("holds the order whose confirmation would pass the limit, with the reason, and counts the phones", async () => {
    expect((await admin("PUT", "/api/settings/whatsapp_daily_limit", { value: "abc" })).statusCode).toBe(400);
    expect((await admin("PUT", "/api/settings/whatsapp_daily_limit", { value: "3" })).statusCode).toBe(200);
    const placed = [];
    for (let n = 1; n <= 4; n++)
      placed.push(await placeOrder(t.app, [{ productId: product.id }], { customerPhone: mobileNumber(n, "0311") }));
    await t.app.jobs.runDue();
    const sent = placed.filter((o) => sentFor(o.id).length === 1);
    expect(sent).toHaveLength(3);
    const last = (await admin("GET", `/api/orders/${placed[3].id}`)).json();
    expect(last.confirmation.state).toBe("held");
    expect(last.confirmation.reason).toMatch(/daily limit \(3 customers/);
    expect(sentFor(placed[3].id)).toHaveLength(0);

    // A second order of a phone already messaged today is not a new conversation: it goes.
    const again = await placeOrder(t.app, [{ productId: product.id }], { customerPhone: mobileNumber(1, "0311") });
    await t.app.jobs.runDue();
    expect(sentFor(again.id)).toHaveLength(1);

    const count = await admin("GET", "/api/admin/whatsapp/daily-limit");
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ count: 3, limit: 3, marketingStopsAt: 2, warning: true });
    await admin("PUT", "/api/settings/whatsapp_daily_limit", { value: null });
    expect((await admin("GET", "/api/admin/whatsapp/daily-limit")).json()).toMatchObject({
      limit: 250,
      warning: false,
    });
  });
});
