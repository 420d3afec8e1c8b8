// Benchmark 4: the admin analytics and customers endpoints over many generated orders:
// 1,000,000 on PostgreSQL and 100,000 on PGlite.
import { sql } from "drizzle-orm";
import { openPglite, type Database } from "../src/server/db/client.js";
import { computeAnalytics } from "../src/server/modules/reports/analytics-service.js";
import { computeCustomers } from "../src/server/modules/reports/customers-service.js";
import { ANALYTICS_FROM_ORDERS, CUSTOMERS_FROM_ORDERS } from "../src/server/modules/reports/raw-sources.js";
import { sourceReportFromOrders } from "../src/server/modules/sources/source-report.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { adminCookie, listen, onFreshPostgres, writeResult } from "./support.js";

/** Orders spread over three years, ~200k distinct customers, one or two items each, all in SQL. */
async function generateOrders(database: Database, count: number): Promise<number> {
  const started = Date.now();
  const customers = Math.max(1000, Math.round(count / 5));
  await database.db.execute(sql`delete from orders`);
  await database.db.execute(sql`
    insert into orders (id, created_at, status, customer_name, customer_phone, phone_key, shipping_address, city, subtotal, tax, total, courier)
    select gen_random_uuid(),
           now() - (random() * interval '1095 days'),
           (array['pending','processing','shipped','delivered','delivered','delivered','returned','cancelled'])[1 + g % 8],
           'Customer ' || (g % ${customers}),
           '0300' || lpad((g % ${customers})::text, 7, '0'),
           '300' || lpad((g % ${customers})::text, 7, '0'),
           'House ' || g || ', Street ' || (g % 50),
           (array['Lahore','Karachi','Islamabad','Rawalpindi','Multan','Faisalabad','Pakpattan','Peshawar'])[1 + (g * 7) % 8],
           0, 0, 0,
           case when g % 8 between 2 and 6 then (array['Leopards','TCS','PostEx'])[1 + g % 3] end
    from generate_series(1, ${count}) g`);
  await database.db.execute(sql`
    with ps as (select row_number() over (order by id) - 1 as i, id, name, category, price, sizes, colors from products),
         n as (select count(*) as c from products)
    insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price)
    select o.id, ps.id, ps.name, ps.category, 1 + k % 2, coalesce(ps.sizes[1], ''), coalesce(ps.colors[1 + k % greatest(cardinality(ps.colors), 1)], ''), ps.price
    from orders o
    cross join generate_series(0, 1) k
    join ps on ps.i = (abs(hashtext(o.id::text || k)) % (select c from n))
    where k = 0 or abs(hashtext(o.id::text)) % 3 = 0`);
  await database.db.execute(sql`
    update orders o set subtotal = t.s, total = t.s
    from (select order_id, sum(price * quantity) as s from order_items group by order_id) t
    where t.order_id = o.id`);
  await database.db.execute(sql`analyze`);
  return Date.now() - started;
}

async function timeEndpoint(url: string, path: string, cookie: string, runs = 5) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    // On PGlite a long report blocks the event loop, and the server then sheds load (503) for a
    // moment: wait until it admits requests again (health is exempt from shedding, categories is not).
    for (let retry = 0; retry < 30; retry++) {
      const probe = await fetch(`${url}/api/categories`);
      await probe.arrayBuffer();
      if (probe.status !== 503) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    times.push(Math.round(performance.now() - started));
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { firstMs: times[0], medianMs: sorted[Math.floor(sorted.length / 2)], runs: times };
}

/** The reference: the same reports aggregated from every order (as before the roll-ups), in process. */
async function timeFromOrders(database: Database, runs = 3) {
  const time = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await run();
      times.push(Math.round(performance.now() - started));
    }
    return [...times].sort((a, b) => a - b)[Math.floor(runs / 2)];
  };
  return {
    analyticsMedianMs: await time(() => computeAnalytics(database.db, {}, ANALYTICS_FROM_ORDERS)),
    customersMedianMs: await time(() => computeCustomers(database.db, CUSTOMERS_FROM_ORDERS)),
    sourcesMedianMs: await time(() => sourceReportFromOrders(database.db)),
  };
}

async function measure(database: Database, label: string, count: number) {
  await database.migrate();
  await seedCatalogue(database, 200);
  const generateMs = await generateOrders(database, count);
  const { app, url } = await listen(database);
  const cookie = await adminCookie(url);
  const result = {
    database: label,
    orders: count,
    generateMs,
    analytics: await timeEndpoint(url, "/api/admin/analytics", cookie),
    customers: await timeEndpoint(url, "/api/admin/customers", cookie),
    sources: await timeEndpoint(url, "/api/admin/analytics/sources", cookie),
    aggregatedFromOrders: await timeFromOrders(database),
  };
  await app.close();
  return result;
}

/** BENCH_ORDERS_PG / BENCH_ORDERS_PGLITE shrink the books for a quick iteration (figures then are not comparable). */
const fromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export async function benchAnalytics({
  pgOrders = fromEnv("BENCH_ORDERS_PG", 1_000_000),
  pgliteOrders = fromEnv("BENCH_ORDERS_PGLITE", 100_000),
} = {}) {
  const results = [];
  const lite = await openPglite();
  results.push(await measure(lite, "pglite", pgliteOrders));
  await lite.close();

  const onPostgres = await onFreshPostgres((database) => measure(database, "postgres", pgOrders));
  if (onPostgres) results.push(onPostgres);

  const result = {
    reports: results,
    target: "postgres medianMs <= 1000 for both endpoints",
    reference: "aggregatedFromOrders: the same reports summed from every order in the same run (the pre-roll-up way)",
  };
  writeResult("analytics", result);
  return result;
}
