import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOrder, insertProduct, placeOrder } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { sourceReport, sourceReportFromOrders, toSourceReport } from "./source-report.js";

/** Served from report_source_sales, which a trigger keeps; always equal to summing every order. */
let t: TestContext;
let product: { id: number; name: string; category: string };
beforeAll(async () => {
  t = await createTestApp();
  product = await insertProduct(t.db, { category: "casual" });
});
afterAll(() => t.close());

const expectSameAsOrders = async () => expect(await sourceReport(t.db)).toEqual(await sourceReportFromOrders(t.db));
const bySource = async (source: string) => (await sourceReport(t.db)).sources.find((s) => s.source === source)!;

describe("GET /api/admin/analytics/sources", () => {
  it("lists every source with orders, revenue and return rate, equal to summing every order", async () => {
    await placeOrder(t.app, [{ productId: product.id, quantity: 2 }]);
    const manual = await t.app.inject({
      method: "POST",
      url: "/api/admin/orders",
      headers: { cookie: t.adminCookie },
      payload: {
        customerName: "Sana Malik",
        customerPhone: "03337654321",
        shippingAddress: "Flat 3, Block B, Clifton",
        city: "Karachi",
        source: "whatsapp",
        items: [{ productId: product.id, size: "M", color: "Red", quantity: 1 }],
      },
    });
    expect(manual.statusCode).toBe(201);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/analytics/sources",
      headers: { cookie: t.adminCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sources.map((s: { source: string }) => s.source)).toEqual([
      "web",
      "whatsapp",
      "instagram",
      "facebook",
      "phone",
      "other",
    ]);
    expect(await bySource("whatsapp")).toEqual({
      source: "whatsapp",
      orders: 1,
      revenue: 2500,
      returned: 0,
      returnRate: 0,
    });
    await expectSameAsOrders();
  });

  it("follows status changes, bulk inserts, deletes and truncates", async () => {
    const id = await insertOrder(t.db, { items: [{ product, quantity: 1, price: 1000 }] });
    await t.db.execute(sql`update orders set source = 'instagram', status = 'shipped' where id = ${id}`);
    await expectSameAsOrders();
    await t.db.execute(sql`update orders set status = 'cancelled' where id = ${id}`);
    expect((await bySource("instagram")).orders).toBe(0);
    await t.db.execute(sql`
      insert into orders (status, customer_name, customer_phone, phone_key, shipping_address, city, subtotal, total, source)
      select (array['pending','processing','shipped','delivered','cancelled'])[1 + n % 5], 'Bulk', '03001234567',
             '3001234567', 'House 1, Street 2', 'Lahore', n, n,
             (array['web','whatsapp','instagram','facebook','phone','other'])[1 + n % 6]
      from generate_series(1, 300) as n`);
    await expectSameAsOrders();
    await t.db.execute(sql`delete from orders where customer_name = 'Bulk' and total < 100`);
    await expectSameAsOrders();
    await t.db.execute(sql`truncate orders cascade`);
    await expectSameAsOrders();
    expect((await bySource("web")).orders).toBe(0);
  });

  it("reads the return rate as returned out of shipped, delivered or returned", () => {
    const report = toSourceReport([
      { source: "web", status: "delivered", orders: 6, revenue: "600" },
      { source: "web", status: "shipped", orders: 2, revenue: "200" },
      { source: "web", status: "returned", orders: 2, revenue: "200" },
      { source: "web", status: "pending", orders: 5, revenue: "500" },
      { source: "web", status: "cancelled", orders: 9, revenue: "900" },
    ]);
    expect(report.sources[0]).toEqual({ source: "web", orders: 15, revenue: 1300, returned: 2, returnRate: 0.2 });
  });
});
