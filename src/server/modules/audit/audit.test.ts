import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "../../test/fakes/leopards-fake.js";
import { insertProduct, placeOrder, setOrderStatus } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
let fake: LeopardsFake;
let productId: number;
beforeAll(async () => {
  [t, fake] = await Promise.all([createTestApp(), startLeopardsFake()]);
  productId = (await insertProduct(t.db, { name: "Lawn Suit" })).id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const asOwner = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: t.adminCookie } });
const newOrder = async () => (await placeOrder(t.app, [{ productId }])).id;
type Entry = { action: string; actor: string; orderId: string | null; before: unknown; after: unknown };
const auditOf = async (orderId: string): Promise<Entry[]> =>
  (await asOwner("GET", `/api/admin/audit?orderId=${orderId}`)).json().entries;
const latestByOwner = async (): Promise<Entry[]> =>
  (await asOwner("GET", "/api/admin/audit?actor=owner&limit=5")).json().entries;

describe("the audit log of an order", () => {
  it("shows a bulk status change on each order it changed, with the status before and after", async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const res = await asOwner("PATCH", "/api/admin/orders", { ids: [a, b], status: "processing" });
    expect(res.json()).toEqual({ changed: 2 });
    for (const id of [a, b])
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({
          action: "order.bulk-status",
          actor: "owner",
          orderId: id,
          before: { status: "pending" },
          after: { status: "processing" },
        }),
      ]);
  });

  it("shows a courier booking with its tracking number", async () => {
    const connected = await asOwner("PUT", "/api/admin/courier-settings", {
      enabled: true,
      baseUrl: fake.baseUrl,
      apiKey: FAKE_KEY,
      apiPassword: FAKE_PASSWORD,
      timeoutSeconds: 1,
    });
    expect(connected.statusCode).toBe(200);
    const id = await newOrder();
    await setOrderStatus(t.db, id, "processing");
    const booked = await asOwner("POST", "/api/admin/orders/book", { ids: [id] });
    const { trackingNumber } = booked.json().results[0];
    expect(trackingNumber).toBeTruthy();
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: "order.booked",
        actor: "owner",
        before: { status: "processing", courier: null, trackingNumber: null },
        after: { status: "shipped", courier: "Leopards", trackingNumber },
      }),
    ]);
  });
});

describe("the audit log of personal-data exports", () => {
  it("names each order whose label was printed", async () => {
    const [a, b] = [await newOrder(), await newOrder()];
    const pdf = await asOwner("GET", `/api/admin/orders/labels.pdf?ids=${a},${b}&paper=a4`);
    expect(pdf.statusCode).toBe(200);
    for (const id of [a, b])
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({ action: "export.labels", actor: "owner", after: { paper: "a4" } }),
      ]);
  });

  it("records who downloaded the orders CSV and who read the customers list", async () => {
    const csv = await asOwner("GET", "/api/admin/orders.csv?status=pending");
    expect(csv.statusCode).toBe(200);
    expect((await latestByOwner())[0]).toMatchObject({
      action: "export.orders-csv",
      after: { status: "pending", filename: expect.stringMatching(/^orders-pending-.*\.csv$/) },
    });
    expect((await asOwner("GET", "/api/admin/customers")).statusCode).toBe(200);
    expect((await latestByOwner())[0]).toMatchObject({ action: "export.customers" });
  });
});
