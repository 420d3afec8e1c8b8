import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOrder, insertProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { storeClock } from "./store-time.js";

/**
 * One small, hand-computed set of orders. Counted (non-cancelled) revenue is 34,000 in 4 orders;
 * a cancelled order of 90,000 would change every figure if it were counted.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  const lawn = await insertProduct(t.db, { name: "Lawn Suit", category: "formal" });
  const dupatta = await insertProduct(t.db, { name: "Silk Dupatta", category: "accessories" });
  const gown = await insertProduct(t.db, { name: "Party Gown", category: "party" });
  await insertOrder(t.db, {
    createdAt: "2024-03-10T10:00:00Z",
    status: "delivered",
    name: "Ayesha Khan",
    phone: "0300 1111111",
    city: "Lahore",
    items: [
      { product: lawn, quantity: 2, price: 3000, size: "M", color: "Red" },
      { product: dupatta, quantity: 1, price: 1500 },
    ],
  });
  await insertOrder(t.db, {
    createdAt: "2025-03-05T10:00:00Z",
    status: "shipped",
    name: "Ayesha K.",
    phone: "+92 300 1111111",
    email: "ayesha@example.pk",
    city: "Lahore",
    items: [{ product: gown, quantity: 1, price: 9000, size: "L", color: "Black" }],
  });
  // 20:00 UTC on 30 June is 01:00 on 1 July in Pakistan: a July sale.
  await insertOrder(t.db, {
    createdAt: "2025-06-30T20:00:00Z",
    status: "processing",
    name: "Sana Malik",
    phone: "0321 2222222",
    city: "Karachi",
    items: [
      { product: lawn, quantity: 1, price: 3000, size: "M", color: "Red" },
      { product: dupatta, quantity: 3, price: 1500, size: " ", color: "" },
    ],
  });
  await insertOrder(t.db, {
    createdAt: "2025-07-15T10:00:00Z",
    status: "pending",
    name: "Hina Raza",
    phone: "0333 3333333",
    city: "lahore ",
    items: [{ product: lawn, quantity: 4, price: 2500, size: "S", color: "Blue" }],
  });
  await insertOrder(t.db, {
    createdAt: "2025-07-20T10:00:00Z",
    status: "cancelled",
    name: "Sana Malik",
    phone: "0321 2222222",
    city: "Karachi",
    items: [{ product: gown, quantity: 10, price: 9000, size: "L", color: "Black" }],
  });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const admin = (url: string) => get(url, t.adminCookie);

describe("admin reports refuse anonymous callers", () => {
  it.each(["/api/admin/analytics", "/api/admin/customers", "/api/admin/orders.csv"])(
    "%s answers 401 without a session",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/log in/);
    },
  );
});

describe("GET /api/admin/analytics", () => {
  it("totals count every product and only non-cancelled orders", async () => {
    const res = await admin("/api/admin/analytics?year=2025&month=7");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().totals).toEqual({
      totalProducts: 3,
      totalOrders: 4,
      pendingOrders: 1,
      totalRevenue: 34000,
      dominatingCategory: "formal",
    });
  });

  it("breaks revenue down by status with percents of the non-cancelled total", async () => {
    const { revenueByStatus } = (await admin("/api/admin/analytics")).json();
    expect(revenueByStatus).toEqual({
      pending: { count: 1, amount: 10000, percent: 29.41 },
      processing: { count: 1, amount: 7500, percent: 22.06 },
      shipped: { count: 1, amount: 9000, percent: 26.47 },
      delivered: { count: 1, amount: 7500, percent: 22.06 },
      totalExcludingCancelled: 34000,
      cancelledCount: 1,
      returned: { count: 0, amount: 0 },
    });
  });

  it("ranks products and variants by quantity, naming empty options 'No Color' and 'No Size'", async () => {
    const body = (await admin("/api/admin/analytics")).json();
    expect(
      body.topProducts.map((p: { productName: string; quantity: number; revenue: number }) => [
        p.productName,
        p.quantity,
        p.revenue,
      ]),
    ).toEqual([
      ["Lawn Suit", 7, 19000],
      ["Silk Dupatta", 4, 6000],
      ["Party Gown", 1, 9000],
    ]);
    expect(
      body.topVariants.map(
        (v: { productName: string; color: string; size: string; quantity: number; revenue: number }) => [
          v.productName,
          v.color,
          v.size,
          v.quantity,
          v.revenue,
        ],
      ),
    ).toEqual([
      ["Lawn Suit", "Blue", "S", 4, 10000],
      ["Silk Dupatta", "No Color", "No Size", 4, 6000],
      ["Lawn Suit", "Red", "M", 3, 9000],
      ["Party Gown", "Black", "L", 1, 9000],
    ]);
  });

  it("gives twelve months of the chosen year in Pakistan time, zeros included", async () => {
    const { salesPerMonth, year, month } = (await admin("/api/admin/analytics?year=2025&month=3")).json();
    expect([year, month]).toEqual([2025, 3]);
    expect(salesPerMonth.map((m: { month: string }) => m.month)).toEqual([
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ]);
    const nonZero = salesPerMonth.filter((m: { orders: number }) => m.orders > 0);
    expect(nonZero).toEqual([
      { month: "Mar", revenue: 9000, orders: 1 },
      { month: "Jul", revenue: 17500, orders: 2 },
    ]);
  });

  it("compares the chosen month across the years that have orders, and sums each year", async () => {
    const march = (await admin("/api/admin/analytics?year=2025&month=3")).json();
    expect(march.monthAcrossYears).toEqual([
      { year: 2024, revenue: 7500, orders: 1 },
      { year: 2025, revenue: 9000, orders: 1 },
    ]);
    expect(march.salesPerYear).toEqual([
      { year: 2024, revenue: 7500, orders: 1 },
      { year: 2025, revenue: 26500, orders: 3 },
    ]);
    const july = (await admin("/api/admin/analytics?year=2024&month=7")).json();
    expect(july.monthAcrossYears).toEqual([
      { year: 2024, revenue: 0, orders: 0 },
      { year: 2025, revenue: 17500, orders: 2 },
    ]);
    expect(july.salesPerMonth.every((m: { orders: number }, i: number) => m.orders === (i === 2 ? 1 : 0))).toBe(true);
  });

  it("reports category performance with the top category marked", async () => {
    const { categoryPerformance } = (await admin("/api/admin/analytics")).json();
    expect(categoryPerformance).toEqual([
      { category: "formal", revenue: 19000, itemsSold: 7, averagePerItem: 2714.29, top: true },
      { category: "party", revenue: 9000, itemsSold: 1, averagePerItem: 9000, top: false },
      { category: "accessories", revenue: 6000, itemsSold: 4, averagePerItem: 1500, top: false },
    ]);
  });

  it("defaults to the current year and month and lists the years to choose from", async () => {
    const now = storeClock();
    const body = (await admin("/api/admin/analytics")).json();
    expect([body.year, body.month]).toEqual([now.year, now.month]);
    expect(body.years).toEqual([...new Set([2024, 2025, now.year])].sort((a, b) => a - b));
    const chosen = (await admin("/api/admin/analytics?year=2031")).json();
    expect(chosen.years).toContain(2031);
  });

  it.each([
    ["year=abc", "Year must be a year from 2000 to 2100"],
    ["year=1999", "Year must be a year from 2000 to 2100"],
    ["month=0", "Month must be a number from 1 to 12"],
    ["month=13", "Month must be a number from 1 to 12"],
    ["month=2.5", "Month must be a number from 1 to 12"],
  ])("refuses %s with 400 and a readable message", async (query, message) => {
    const res = await admin(`/api/admin/analytics?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});

describe("GET /api/admin/customers", () => {
  it("groups customers by normalised phone, leaving cancelled orders out", async () => {
    const res = await admin("/api/admin/customers");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect({ ...body, topCustomers: undefined, customers: undefined }).toEqual({
      totalCustomers: 3,
      repeatCustomers: 1,
      repeatPercent: 33.33,
      averageOrderValue: 8500,
      totalOrders: 4,
      customersTruncated: false,
      distribution: { oneTime: 2, twoToThree: 1, fourToFive: 0, vip: 0 },
      topCities: [
        { city: "Lahore", customers: 2 },
        { city: "Karachi", customers: 1 },
      ],
    });
  });

  it("ranks customers by spend with the details of their latest order", async () => {
    const body = (await admin("/api/admin/customers")).json();
    expect(body.customers).toEqual(body.topCustomers);
    expect(body.customers[0]).toEqual({
      name: "Ayesha K.",
      phone: "+92 300 1111111",
      email: "ayesha@example.pk",
      address: "House 12, Street 4, Gulberg",
      city: "Lahore",
      orderCount: 2,
      totalSpent: 16500,
      averageOrder: 8250,
      lastOrderDate: "2025-03-05T10:00:00.000Z",
    });
    expect(
      body.customers.map((c: { name: string; totalSpent: number; email: string }) => [c.name, c.totalSpent, c.email]),
    ).toEqual([
      ["Ayesha K.", 16500, "ayesha@example.pk"],
      ["Hina Raza", 10000, ""],
      ["Sana Malik", 7500, ""],
    ]);
  });
});

describe("GET /api/admin/customers on a larger book", () => {
  let other: TestContext;
  beforeAll(async () => {
    other = await createTestApp();
    const product = await insertProduct(other.db, { name: "Kurta", category: "casual" });
    // Customer n places n orders of 1,000 each: tiers 1 | 2,3 | 4,5 | 6,7.
    for (let n = 1; n <= 7; n++) {
      for (let k = 0; k < n; k++) {
        await insertOrder(other.db, {
          phone: `0300 000000${n}`,
          name: `Customer ${n}`,
          city: n % 2 ? "Multan" : "Quetta",
          createdAt: `2025-01-0${k + 1}T08:00:00Z`,
          items: [{ product, quantity: 1, price: 1000 }],
        });
      }
    }
  });
  afterAll(() => other.close());

  it("sorts customers into the one-time, 2-3, 4-5 and VIP tiers", async () => {
    const body = (
      await other.app.inject({ url: "/api/admin/customers", headers: { cookie: other.adminCookie } })
    ).json();
    expect(body.distribution).toEqual({ oneTime: 1, twoToThree: 2, fourToFive: 2, vip: 2 });
    expect(body.totalCustomers).toBe(7);
    expect(body.repeatCustomers).toBe(6);
    expect(body.repeatPercent).toBe(85.71);
    expect(body.totalOrders).toBe(28);
    expect(body.averageOrderValue).toBe(1000);
    expect(body.topCustomers.map((c: { name: string }) => c.name)).toEqual(
      [7, 6, 5, 4, 3, 2, 1].map((n) => `Customer ${n}`),
    );
    expect(body.topCities).toEqual([
      { city: "Multan", customers: 4 },
      { city: "Quetta", customers: 3 },
    ]);
  });
});
