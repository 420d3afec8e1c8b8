/**
 * How the reports behave on a large book: fills an in-memory PGlite with N generated orders
 * (about two items each, ~30% repeat phone numbers, three years) and times each report, from the
 * roll-ups and aggregated straight from the orders (decision 005), checking that both agree.
 * Not a test: run by hand, `npx tsx bench/reports-scale-check.ts [orders]`.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/client.js";
import { computeAnalytics } from "../src/server/modules/reports/analytics-service.js";
import { computeCustomers } from "../src/server/modules/reports/customers-service.js";
import { ordersCsvLines } from "../src/server/modules/reports/orders-csv.js";
import { ANALYTICS_FROM_ORDERS, CUSTOMERS_FROM_ORDERS } from "../src/server/modules/reports/raw-sources.js";

const count = Number(process.argv[2] ?? 100_000);
// Generating the book takes a minute; a copy is kept in the temp folder for the next run.
const cache = path.join(os.tmpdir(), `store-scale-${count}.tar`);
const cached = fs.existsSync(cache);
const database = await openPglite(undefined, cached ? new Blob([fs.readFileSync(cache)]) : undefined);
await database.migrate();
const db = database.db;

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const used = process.cpuUsage(cpu);
  // PGlite runs in this process, so CPU time is the fair figure on a shared, busy machine.
  const cpuMs = (used.user + used.system) / 1000;
  console.log(
    `${label.padEnd(34)} ${(performance.now() - start).toFixed(0).padStart(7)} ms wall ${cpuMs.toFixed(0).padStart(7)} ms cpu`,
  );
  return result;
}

if (!cached)
  await timed(`generate ${count} orders`, async () => {
    await db.execute(sql`
    insert into products (name, category, price)
    select 'Product ' || g, (array['formal','casual','party','accessories'])[1 + g % 4], 1000 + g * 10
    from generate_series(1, 200) g`);
    await db.execute(sql`
    insert into orders (created_at, status, customer_name, customer_phone, phone_key, shipping_address, city, subtotal, total)
    select now() - (g % 1095) * interval '1 day' - (g % 24) * interval '1 hour',
           (array['pending','processing','shipped','delivered','delivered','delivered','cancelled'])[1 + g % 7],
           'Customer ' || (g % ${Math.round(count * 0.7)}), '0300' || lpad((g % ${Math.round(count * 0.7)})::text, 7, '0'),
           '300' || lpad((g % ${Math.round(count * 0.7)})::text, 7, '0'),
           'House ' || g || ', Street 4', (array['Lahore','Karachi','Islamabad','Multan','Quetta','Peshawar'])[1 + g % 6],
           0, 0
    from generate_series(1, ${count}) g`);
    await db.execute(sql`
    insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price)
    select o.id, p.id, p.name, p.category, 1 + (k % 3), (array['S','M','L',''])[1 + k % 4], (array['Red','Blue',''])[1 + k % 3], p.price
    from (select id, row_number() over () as n from orders) o
    cross join generate_series(1, 2) k
    join products p on p.id = 1 + ((o.n * 7 + k) % 200)`);
    await db.execute(sql`
    update orders o set subtotal = s.sum, total = s.sum
    from (select order_id, sum(price * quantity) as sum from order_items group by order_id) s where s.order_id = o.id`);
    await db.execute(sql`analyze`);
    fs.writeFileSync(cache, Buffer.from(await (await database.pglite!.dumpDataDir("none")).arrayBuffer()));
  });

for (let run = 1; run <= 2; run++) {
  const analytics = await timed(`analytics (run ${run})`, () => computeAnalytics(db, {}));
  const customers = await timed(`customers (run ${run})`, () => computeCustomers(db));
  const fromOrders = await timed(`analytics from orders (run ${run})`, () =>
    computeAnalytics(db, {}, ANALYTICS_FROM_ORDERS),
  );
  const customersFromOrders = await timed(`customers from orders (run ${run})`, () =>
    computeCustomers(db, CUSTOMERS_FROM_ORDERS),
  );
  assert.deepEqual(analytics, fromOrders);
  assert.deepEqual(customers, customersFromOrders);
}
await timed("orders.csv, every order", async () => {
  let bytes = 0;
  for await (const chunk of ordersCsvLines(db, undefined)) bytes += chunk.length;
  return bytes;
});
await timed("orders.csv, delivered", async () => {
  let bytes = 0;
  for await (const chunk of ordersCsvLines(db, "delivered")) bytes += chunk.length;
  return bytes;
});
await database.close();
