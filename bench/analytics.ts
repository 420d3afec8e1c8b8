// Benchmark 4: the admin analytics and customers endpoints over many generated orders:
// 1,000,000 on PostgreSQL and 100,000 on PGlite.
import { sql } from "drizzle-orm";
import { openPglite, type Database } from "../src/server/db/client.js";
import { ANALYTICS_ROLLUPS, computeAnalytics } from "../src/server/modules/reports/analytics-service.js";
import { computeCustomers } from "../src/server/modules/reports/customers-service.js";
import { ANALYTICS_FROM_ORDERS, CUSTOMERS_FROM_ORDERS } from "../src/server/modules/reports/raw-sources.js";
import { returnToOrigin } from "../src/server/modules/reports/return-to-origin.js";
import { sourceReportFromOrders } from "../src/server/modules/sources/source-report.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { adminCookie, listen, onFreshPostgres, writeResult } from "./support.js";

const CITIES = ["Lahore", "Karachi", "Islamabad", "Rawalpindi", "Multan", "Faisalabad", "Pakpattan", "Peshawar"];
/** Return-to-origin per city (percent of parcels handed over), and what each courier adds to it. */
const CITY_RTO = [8, 12, 15, 10, 20, 25, 35, 18];
const COURIERS = ["Leopards", "TCS", "PostEx"];
const COURIER_RTO = [0, 5, -3];

/**
 * Orders spread over three years, ~200k distinct customers, one or two items each. Set-based: one
 * INSERT … SELECT from generate_series for the orders (totals computed in it) and one for their
 * items, each order's id derived from its number so the items need no join back to the orders and
 * no UPDATE rewrites a million rows (and its roll-up triggers) afterwards. A quarter of the orders
 * are pending, ready or cancelled; of the rest (handed to a courier) 10 % are still shipped and the
 * others delivered or returned, with a return-to-origin rate that differs by city and courier, so
 * the Overview's RTO figures have something to tell apart.
 */
async function generateOrders(database: Database, count: number) {
  const customers = Math.max(1000, Math.round(count / 5));
  const step = async (run: () => Promise<unknown>) => {
    const started = Date.now();
    await run();
    return Date.now() - started;
  };
  const steps = {
    clearMs: await step(() => database.db.execute(sql`delete from orders`)),
    ordersMs: await step(() =>
      database.db.execute(sql`
        with ps as (select (row_number() over (order by id) - 1)::int as i, price from products),
             n as (select count(*)::int as c from products),
             seq as (
               select g, abs(hashint4(g)) % 100 as stage, abs(hashint4(g + ${count})) % 100 as outcome,
                      (g * 7) % 8 as city, g % 3 as courier,
                      (abs(hashint4(g * 3)) % (select c from n))::int as first_product,
                      case when g % 3 = 0 then (abs(hashint4(g * 3 + 1)) % (select c from n))::int end as second_product
               from generate_series(1, ${count}) g
             ),
             o as (
               select seq.*,
                      case when stage < 10 then 'pending' when stage < 20 then 'processing' when stage < 25 then 'cancelled'
                           when outcome < 10 then 'shipped'
                           when outcome < 10 + (${`{${CITY_RTO}}`}::int[])[1 + city] + (${`{${COURIER_RTO}}`}::int[])[1 + courier]
                             then 'returned'
                           else 'delivered' end as status,
                      p1.price * (1 + g % 2) + coalesce(p2.price, 0) as total
               from seq join ps p1 on p1.i = seq.first_product left join ps p2 on p2.i = seq.second_product
             )
        insert into orders (id, created_at, status, customer_name, customer_phone, phone_key, shipping_address, city,
                            subtotal, tax, total, courier)
        select md5('bench-order-' || g)::uuid, now() - (random() * interval '1095 days'), status,
               'Customer ' || (g % ${customers}),
               '0300' || lpad((g % ${customers})::text, 7, '0'),
               '300' || lpad((g % ${customers})::text, 7, '0'),
               'House ' || g || ', Street ' || (g % 50),
               (${`{${CITIES}}`}::text[])[1 + city],
               total, 0, total,
               case when status in ('shipped', 'delivered', 'returned') then (${`{${COURIERS}}`}::text[])[1 + courier] end
        from o`),
    ),
    itemsMs: await step(() =>
      database.db.execute(sql`
        with ps as (select (row_number() over (order by id) - 1)::int as i, id, name, category, price, sizes, colors
                    from products),
             n as (select count(*)::int as c from products),
             line as (
               select g, 0 as k, (abs(hashint4(g * 3)) % (select c from n))::int as product, 1 + g % 2 as quantity
               from generate_series(1, ${count}) g
               union all
               select g, 1, (abs(hashint4(g * 3 + 1)) % (select c from n))::int, 1
               from generate_series(3, ${count}, 3) g
             )
        insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price)
        select md5('bench-order-' || line.g)::uuid, ps.id, ps.name, ps.category, line.quantity,
               coalesce(ps.sizes[1], ''), coalesce(ps.colors[1 + (line.g + line.k) % greatest(cardinality(ps.colors), 1)], ''),
               ps.price
        from line join ps on ps.i = line.product`),
    ),
    analyzeMs: await step(() => database.db.execute(sql`analyze`)),
  };
  return { generateMs: Object.values(steps).reduce((a, b) => a + b, 0), ...steps };
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
    returnToOriginMedianMs: await time(() => rtoFromOrders(database)),
  };
}

const rtoFromRollups = (database: Database) =>
  returnToOrigin(database.db, ANALYTICS_ROLLUPS.shipping, ANALYTICS_ROLLUPS.productOutcomes);
const rtoFromOrders = (database: Database) =>
  returnToOrigin(database.db, ANALYTICS_FROM_ORDERS.shipping, ANALYTICS_FROM_ORDERS.productOutcomes);

/**
 * The Overview's return-to-origin figures (overall, per city, per courier, per product) on their
 * own, from the outcome roll-ups as the endpoint reads them (median of 5, in process like the
 * reference), whether they equal the same figures aggregated from every order, and the overall
 * rate, so a run shows the generated book holds returns worth reporting.
 */
async function timeReturnToOrigin(database: Database, runs = 5) {
  const times: number[] = [];
  let fromRollups;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fromRollups = await rtoFromRollups(database);
    times.push(Math.round(performance.now() - started));
  }
  const fromOrders = await rtoFromOrders(database);
  return {
    medianMs: [...times].sort((a, b) => a - b)[Math.floor(runs / 2)],
    runs: times,
    agreesWithOrders: JSON.stringify(fromRollups) === JSON.stringify(fromOrders),
    overall: fromRollups!.overall,
    cities: fromRollups!.byCity.length,
    couriers: fromRollups!.byCourier.map((c) => `${c.courier || "(none)"} ${c.rate} %`),
  };
}

async function measure(database: Database, label: string, count: number) {
  await database.migrate();
  await seedCatalogue(database, 200);
  const generated = await generateOrders(database, count);
  console.log(`${label}: ${count} orders generated`, generated);
  const { app, url } = await listen(database);
  const cookie = await adminCookie(url);
  const result = {
    database: label,
    orders: count,
    ...generated,
    analytics: await timeEndpoint(url, "/api/admin/analytics", cookie),
    returnToOrigin: await timeReturnToOrigin(database),
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
    target: "postgres medianMs <= 1000 for both endpoints (returnToOrigin is part of /api/admin/analytics)",
    reference:
      "aggregatedFromOrders: the same reports summed from every order in the same run (the pre-roll-up way); returnToOrigin.agreesWithOrders compares the two answers",
  };
  writeResult("analytics", result);
  return result;
}
