import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { insertOrder, insertProduct, placeOrder, type OrderSeed } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { computeAnalytics } from "./analytics-service.js";
import { computeCustomers } from "./customers-service.js";
import { ANALYTICS_FROM_ORDERS, CUSTOMERS_FROM_ORDERS } from "./raw-sources.js";
import { queryRows } from "../../db/rows.js";
import { storeClock } from "./store-time.js";

/**
 * The reports are served from roll-ups that triggers keep (decision 005). Whatever writes the
 * orders, every answer must equal the one aggregated straight from orders and order_items.
 */
let t: TestContext;
let products: Array<{ id: number; name: string; category: string }>;
beforeAll(async () => {
  t = await createTestApp();
  products = [
    await insertProduct(t.db, { name: "Lawn Suit", category: "formal" }),
    await insertProduct(t.db, { name: "Silk Dupatta", category: "accessories" }),
    await insertProduct(t.db, { name: "Party Gown", category: "party" }),
    await insertProduct(t.db, { name: "Plain Kurta", category: "" }),
  ];
});
afterAll(() => t.close());

const now = storeClock();
const CHOICES = [
  {},
  { year: 2024, month: 3 },
  { year: 2025, month: 7 },
  { year: 2025, month: 1 },
  { year: 2023, month: 12 },
];

async function expectSameAsOrders(db: Db) {
  for (const chosen of CHOICES) {
    expect(await computeAnalytics(db, chosen)).toEqual(await computeAnalytics(db, chosen, ANALYTICS_FROM_ORDERS));
  }
  expect(await computeCustomers(db)).toEqual(await computeCustomers(db, CUSTOMERS_FROM_ORDERS));
  // Nothing is left over from a delete.
  expect(await queryRows(db, sql`select order_id from report_deleted_orders`)).toEqual([]);
}

const exec = (query: ReturnType<typeof sql>) => t.db.execute(query);
const order = (n: number, seed: Partial<OrderSeed> = {}): OrderSeed => ({
  name: `Customer ${n % 7}`,
  phone: `0300 00000${String(n % 7).padStart(2, "0")}`,
  city: ["Lahore", "lahore ", "Karachi", "LAHORE", "Multan"][n % 5],
  // Across years, months and the Pakistan midnight (19:00 UTC).
  createdAt: new Date(Date.UTC(2023 + (n % 3), n % 12, 1 + (n % 28), 18 + (n % 3))).toISOString(),
  status: (["pending", "processing", "shipped", "delivered", "cancelled"] as const)[n % 5],
  items: [
    { product: products[n % 4], quantity: 1 + (n % 3), price: 1000 + 250 * (n % 4), size: ["S", "M", " ", ""][n % 4] },
    ...(n % 2 ? [{ product: products[(n + 1) % 4], quantity: 2, price: 700, color: ["Red", "", "Blue"][n % 3] }] : []),
    // Variants with a third option: two makes share a size and colour and are counted apart.
    ...(n % 3 === 0
      ? [
          {
            product: products[0],
            quantity: 1,
            price: [4990, 6490][n % 2],
            size: "M",
            color: "Red",
            options: { Make: ["Unstitched", "Stitched"][n % 2], Size: "M", Color: "Red" },
          },
        ]
      : []),
  ],
  ...seed,
});

describe("report roll-ups", () => {
  it("match the orders after inserts, including several orders of one customer at the same instant", async () => {
    for (let n = 0; n < 40; n++) await insertOrder(t.db, order(n));
    const sameInstant = "2025-07-15T10:00:00.000Z";
    for (const name of ["Zara Early", "Amna Tie", "Bano Tie"]) {
      await insertOrder(t.db, order(100, { name, phone: "0345 7777777", createdAt: sameInstant, status: "pending" }));
    }
    await expectSameAsOrders(t.db);
  });

  it("match the orders after orders and items written in one statement, in bulk and as cancelled", async () => {
    await exec(sql`
      with placed as (
        insert into orders (created_at, status, customer_name, customer_phone, phone_key, shipping_address, city, subtotal, total)
        select timestamptz '2024-03-31 19:30:00+00' + g * interval '1 hour',
               (array['pending', 'cancelled', 'delivered'])[1 + g % 3], 'Bulk ' || g, '0311 000000' || g,
               '311000000' || g, 'House ' || g, 'Quetta', 500 * g, 500 * g
        from generate_series(1, 9) g
        returning id, total
      )
      insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price)
      select placed.id, ${products[1].id}, 'Silk Dupatta (old name)', 'accessories', 1, 'M', 'Gold', placed.total
      from placed`);
    await expectSameAsOrders(t.db);
  });

  it("match the orders after items are added to, changed in and removed from existing orders", async () => {
    await exec(sql`
      insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price)
      select id, ${products[2].id}, 'Party Gown', 'party', 3, 'L', 'Black', 9000
      from orders where status in ('pending', 'cancelled') and customer_name like 'Customer%'`);
    await exec(
      sql`update order_items set quantity = quantity + 1, color = 'Blue' where product_id = ${products[0].id}`,
    );
    await exec(sql`update order_items set price = price * 2 where id % 3 = 0`);
    await exec(sql`delete from order_items where id % 5 = 0`);
    await expectSameAsOrders(t.db);
  });

  it("match the orders after status changes in and out of cancelled, and edits of money, time and contact", async () => {
    await exec(sql`update orders set status = 'processing' where status = 'pending' and city = 'Lahore'`);
    await exec(
      sql`update orders set status = 'cancelled' where status = 'delivered' and customer_name like 'Customer%'`,
    );
    await exec(sql`update orders set status = 'pending' where status = 'cancelled' and city = 'Multan'`);
    // Ties at one instant: the latest (smallest id) is cancelled, then restored.
    const [tie] = await queryRows<{ id: string }>(
      t.db,
      sql`select id from orders where phone_key = '3457777777' order by id limit 1`,
    );
    await exec(sql`update orders set status = 'cancelled' where id = ${tie.id}`);
    await expectSameAsOrders(t.db);
    await exec(sql`update orders set status = 'shipped' where id = ${tie.id}`);
    await exec(sql`update orders set total = total + 1.5 where city = 'Karachi'`);
    await exec(sql`update orders set created_at = created_at - interval '1 year' where status = 'shipped'`);
    await exec(sql`update orders set customer_name = customer_name || ' Jr', city = 'Sialkot' where total > 2000`);
    await exec(
      sql`update orders set phone_key = '3009999999', customer_phone = '0300 9999999' where customer_name like 'Bulk%'`,
    );
    await expectSameAsOrders(t.db);
  });

  it("match the orders after placement, admin status changes and a customer's cancellation through the API", async () => {
    const product = products[0];
    const phones = ["0301 1000001", "0301 1000002", "0300 0000003"];
    const placed = [];
    for (const customerPhone of phones) {
      placed.push(
        await placeOrder(t.app, [{ productId: product.id, size: "M", color: "Red", quantity: 2 }], { customerPhone }),
      );
    }
    const patch = (id: string, payload: object, cookie?: string) =>
      t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, payload, headers: cookie ? { cookie } : {} });
    expect((await patch(placed[0].id, { status: "shipped" }, t.adminCookie)).statusCode).toBe(200);
    expect((await patch(placed[1].id, { status: "cancelled", phone: phones[1] })).statusCode).toBe(200);
    expect((await patch(placed[2].id, { status: "cancelled" }, t.adminCookie)).statusCode).toBe(200);
    expect((await patch(placed[2].id, { status: "delivered" }, t.adminCookie)).statusCode).toBe(200);
    await expectSameAsOrders(t.db);
    const analytics = (await t.app.inject({ url: "/api/admin/analytics", headers: { cookie: t.adminCookie } })).json();
    const thisMonth = analytics.salesPerMonth[now.month - 1];
    expect(thisMonth.orders).toBe(2);
  });

  it("match the orders after parcels are booked with couriers, returned, delivered and moved between cities", async () => {
    await exec(sql`update orders set courier = 'Leopards' where status = 'shipped' and city in ('Lahore', 'Karachi')`);
    await exec(sql`update orders set status = 'returned' where status = 'shipped' and courier is not null`);
    await exec(
      sql`update orders set status = 'returned', courier = ' TCS ' where status = 'delivered' and total > 3000`,
    );
    await expectSameAsOrders(t.db);
    const analytics = await computeAnalytics(t.db, {});
    expect(analytics.returnToOrigin.overall.returned).toBeGreaterThan(0);
    expect(analytics.revenueByStatus.returned.count).toBe(analytics.returnToOrigin.overall.returned);
    await exec(sql`update orders set status = 'delivered' where status = 'returned' and courier = ' TCS '`);
    await exec(sql`update orders set city = '  LAHORE  ', courier = '' where status = 'returned'`);
    await exec(
      sql`insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price)
          select id, ${products[3].id}, 'Plain Kurta', '', 1, 'M', 'Red', 1200 from orders where status = 'returned'`,
    );
    await exec(sql`delete from order_items where product_id = ${products[1].id} and id % 2 = 0`);
    await expectSameAsOrders(t.db);
    await exec(
      sql`delete from orders where id in (select id from orders where status = 'returned' order by id limit 2)`,
    );
    await expectSameAsOrders(t.db);
    expect(await queryRows(t.db, sql`select order_id from report_deleted_shipped`)).toEqual([]);
  });

  it("keep goods, code discounts, sale discounts, delivery and COD fees apart through placement, edits and returns", async () => {
    // Money parts written as the placement statement writes them: total = subtotal − discount + fees.
    await exec(sql`update orders set discount = round(subtotal / 10), sale_discount = 150, delivery_fee = 250,
                   cod_fee = 50 where city <> 'Multan'`);
    await exec(sql`update orders set delivery_fee = 200 where city ilike '%lahore%' and status = 'returned'`);
    await exec(sql`update orders set total = subtotal - discount + delivery_fee + cod_fee`);
    await exec(
      sql`update orders set status = 'cancelled' where discount > 0 and status = 'pending' and city = 'Quetta'`,
    );
    await expectSameAsOrders(t.db);
    const { revenueParts } = await computeAnalytics(t.db, { year: 2025, month: 1 });
    const [expected] = await queryRows<Record<string, string>>(
      t.db,
      sql`select sum(subtotal)::text as goods, sum(discount)::text as discount, sum(sale_discount)::text as sale,
                 sum(delivery_fee)::text as delivery, sum(cod_fee)::text as cod, sum(total)::text as total
          from orders where status not in ('cancelled', 'returned')`,
    );
    expect(revenueParts.allTime).toEqual({
      goods: Number(expected.goods),
      saleDiscount: Number(expected.sale),
      discount: Number(expected.discount),
      deliveryFees: Number(expected.delivery),
      codFees: Number(expected.cod),
      total: Number(expected.total),
    });
    expect(revenueParts.allTime.discount).toBeGreaterThan(0);
    const { goods, discount, deliveryFees, codFees, total } = revenueParts.allTime;
    expect(Math.round((goods - discount + deliveryFees + codFees) * 100)).toBe(Math.round(total * 100));
  });

  it("match the orders after deletes, which take the orders' items with them", async () => {
    await exec(sql`delete from orders where city = 'Quetta' and status = 'pending'`);
    await exec(
      sql`delete from orders where id in (select id from orders where status <> 'cancelled' order by id limit 5)`,
    );
    await exec(
      sql`delete from orders where id in (select id from orders where status = 'cancelled' order by id limit 2)`,
    );
    await expectSameAsOrders(t.db);
    await exec(sql`delete from orders`);
    await expectSameAsOrders(t.db);
    const counts = await queryRows<{ n: unknown }>(
      t.db,
      // Rows are split by writer slot on PostgreSQL: a key is empty when its slots sum to zero.
      sql`select (select count(*) from report_customers)
               + (select count(*) from (select 1 from report_daily_sales group by day, status
                                        having sum(orders) <> 0) s)
               + (select count(*) from (select 1 from report_variant_sales group by product_id, category, options
                                        having sum(lines) <> 0) s)
               + (select count(*) from (select 1 from report_shipping_outcomes group by city, courier, status
                                        having sum(orders) <> 0) s)
               + (select count(*) from (select 1 from report_product_outcomes group by product_id, status
                                        having sum(lines) <> 0) s) as n`,
    );
    expect(Number(counts[0].n)).toBe(0);
  });

  it("match the orders after report_rebuild(), which recomputes them from scratch", async () => {
    for (let n = 0; n < 10; n++) await insertOrder(t.db, order(n));
    await exec(sql`truncate order_items`);
    await expectSameAsOrders(t.db);
    await exec(sql`select report_rebuild()`);
    await expectSameAsOrders(t.db);
    await exec(sql`truncate orders cascade`);
    await expectSameAsOrders(t.db);
  });
});

describe("report roll-ups under concurrent writers", () => {
  it("match the orders after simultaneous orders, cancellations and deletes of the same customers and variants", async () => {
    const other = await createTestApp();
    try {
      const lawn = await insertProduct(other.db, { name: "Lawn Suit", category: "formal" });
      const seed = (n: number): OrderSeed => ({
        phone: `0300 55555${n % 3}0`,
        name: `Racer ${n}`,
        createdAt: new Date(Date.UTC(2025, 6, 1, 12, n % 4)).toISOString(),
        items: [{ product: lawn, quantity: 1, price: 1000 + n, size: "M", color: "Red" }],
      });
      const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => insertOrder(other.db, seed(n))));
      await Promise.all([
        ...ids.slice(0, 10).map((id) => other.db.execute(sql`update orders set status = 'cancelled' where id = ${id}`)),
        ...ids.slice(10, 15).map((id) => other.db.execute(sql`delete from orders where id = ${id}`)),
        ...Array.from({ length: 15 }, (_, n) => insertOrder(other.db, seed(100 + n))),
        ...ids
          .slice(15, 20)
          .map((id) => other.db.execute(sql`update orders set status = 'delivered' where id = ${id}`)),
      ]);
      await expectSameAsOrders(other.db);
    } finally {
      await other.close();
    }
  });
});
