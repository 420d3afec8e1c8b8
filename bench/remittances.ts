// Benchmark: the Remittances page (GET /api/admin/remittances) over many generated orders,
// 1,000,000 on PostgreSQL and 100,000 on PGlite, next to the same figures summed from every order
// in the same run; and importing a 50,000-row settlement sheet through the API (time, memory).
import { sql } from "drizzle-orm";
import { openPglite, type Database } from "../src/server/db/client.js";
import {
  courierFigures,
  listFlags,
  orderSources,
  summarySources,
  weeklyFigures,
} from "../src/server/modules/remittances/remittances-view.js";
import { flagUnpaidParcels } from "../src/server/modules/remittances/unpaid-sweep.js";
import { readSettlement } from "../src/server/modules/remittances/settlement-sheet.js";
import { readSheetRows } from "../src/server/lib/sheets/index.js";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adminCookie, listen, onFreshPostgres, rows, writeResult } from "./support.js";

const COURIERS = ["Leopards", "TCS", "PostEx"];
const SHEET_ROWS = 50_000;

/**
 * Orders over three years, set-based in one statement: a fifth pending, some cancelled, shipped
 * or returned, the rest delivered three days after they were placed, each handed to one of three
 * couriers with a tracking number. Then payments, in one statement, for the delivered parcels
 * older than three weeks (every tenth of them short by Rs. 500), leaving Leopards' 50,000 newest
 * delivered parcels unpaid for the import. The summaries are rebuilt once (as after a bulk load).
 */
export async function generate(database: Database, count: number) {
  const step = async (run: () => Promise<unknown>) => {
    const started = Date.now();
    await run();
    return Date.now() - started;
  };
  const steps = {
    ordersMs: await step(() =>
      database.db.execute(sql`
        with seq as (
          select g, abs(hashint4(g)) % 100 as stage, g % 3 as courier, abs(hashint4(g * 7)) % 1095 as age
          from generate_series(1, ${count}) g
        ),
        o as (
          select seq.*, now() - age * interval '1 day' - (g % 86400) * interval '1 second' as placed,
            case when stage < 20 then 'pending' when stage < 25 then 'cancelled' when stage < 32 then 'shipped'
                 when stage < 42 then 'returned' else 'delivered' end as status,
            (2500 + (g % 20) * 150)::numeric as total
          from seq
        )
        insert into orders (id, created_at, status, customer_name, customer_phone, phone_key, shipping_address, city,
                            subtotal, tax, total, courier, tracking_number, delivered_at, returned_at)
        select md5('remit-order-' || g)::uuid, placed, status, 'Customer ' || (g % 200000),
               '0300' || lpad((g % 200000)::text, 7, '0'), '300' || lpad((g % 200000)::text, 7, '0'),
               'House ' || g, 'Lahore', total, 0, total,
               case when stage >= 25 then (${`{${COURIERS}}`}::text[])[1 + courier] end,
               case when stage >= 25 then 'BN' || g end,
               case when status = 'delivered' then placed + interval '3 days' end,
               case when status = 'returned' then placed + interval '5 days' end
        from o`),
    ),
    paymentsMs: await step(() =>
      database.db.execute(sql`
        insert into remittance_payments (courier, tracking_number, order_id, amount, charges, tax, paid_at, reference,
                                         source, payment_key, counted)
        select o.courier, o.tracking_number, o.id,
               o.total - 300 - case when right(o.tracking_number, 1) = '7' then 500 else 0 end,
               250, 50, o.delivered_at + interval '12 days', 'BENCH-' || to_char(o.delivered_at, 'IYYY-IW'), 'sheet',
               'bench|' || o.tracking_number, true
        from orders o
        where o.status = 'delivered' and o.delivered_at < now() - interval '21 days'
          and not (o.courier = 'Leopards' and o.delivered_at >= coalesce((
            select min(d) from (select delivered_at as d from orders where status = 'delivered' and courier = 'Leopards'
                                order by delivered_at desc limit ${SHEET_ROWS}) newest), '-infinity'))
`),
    ),
    rebuildMs: await step(() => database.db.execute(sql`select remittance_rebuild()`)),
    analyzeMs: await step(() => database.db.execute(sql`analyze`)),
  };
  return steps;
}

async function timeEndpoint(url: string, path: string, cookie: string, runs = 7) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    times.push(Math.round(performance.now() - started));
  }
  return { medianMs: [...times].sort((a, b) => a - b)[Math.floor(runs / 2)], runs: times };
}

/** The page's reads one by one, in process (median of 5 each): where its time goes. */
async function timeParts(database: Database) {
  const median = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await run();
      times.push(Math.round(performance.now() - started));
    }
    return [...times].sort((a, b) => a - b)[2];
  };
  const now = new Date();
  return {
    sweepMs: await median(() => flagUnpaidParcels(database.db, now)),
    figuresMs: await median(() => courierFigures(database.db, summarySources, undefined, now)),
    flagsMs: await median(() => listFlags(database.db, undefined)),
    weeksMs: await median(() => weeklyFigures(database.db, undefined, now)),
  };
}

async function timeFromOrders(database: Database, runs = 3) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await courierFigures(database.db, orderSources, undefined, new Date());
    times.push(Math.round(performance.now() - started));
  }
  return { medianMs: [...times].sort((a, b) => a - b)[Math.floor(runs / 2)], runs: times };
}

/** Leopards' 50,000 newest delivered parcels, paid in one sheet (amounts with "Rs." and separators, day-first dates). */
export async function settlementSheet(database: Database) {
  const parcels = await rows<{ tracking_number: string; total: string }>(
    database,
    sql`select tracking_number, total from orders where status = 'delivered' and courier = 'Leopards'
      order by delivered_at desc limit ${SHEET_ROWS}`,
  );
  // Fewer Leopards parcels than rows (a small book): the rest are numbers the store never shipped.
  for (let i = parcels.length; i < SHEET_ROWS; i++) parcels.push({ tracking_number: `XX${i}`, total: "1300" });
  const lines = ["Sr,CN Number,COD Paid,Charges,WHT,Payment Date,Cheque No"];
  parcels.forEach((p, i) =>
    lines.push(
      `${i + 1},${p.tracking_number},"Rs. ${(Number(p.total) - 300).toLocaleString("en-US")}",250,50,26/11/2026,CHQ-9`,
    ),
  );
  const csv = Buffer.from(lines.join("\r\n") + "\r\n");
  const mapping = {
    trackingNumber: "CN Number",
    amount: "COD Paid",
    charges: "Charges",
    tax: "WHT",
    paidAt: "Payment Date",
    reference: "Cheque No",
  };
  const form = () => {
    const body = new FormData();
    body.append("courier", "Leopards");
    body.append("mapping", JSON.stringify(mapping));
    body.append("file", new Blob([csv], { type: "text/csv" }), "settlement.csv");
    return body;
  };
  return { csv, mapping, form };
}

async function importSheet(database: Database, url: string, cookie: string) {
  const { csv, mapping, form } = await settlementSheet(database);
  // Reading the sheet alone (in process, no database), to tell its share of the import's time.
  const readStarted = performance.now();
  const sheetPath = join(tmpdir(), `bench-settlement-${process.pid}.csv`);
  await writeFile(sheetPath, csv);
  await readSettlement(readSheetRows(sheetPath, "csv"), mapping);
  await rm(sheetPath, { force: true });
  const readMs = Math.round(performance.now() - readStarted);
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/remittances/import`, { method: "POST", headers: { cookie }, body: form() });
  const answer = await res.json();
  const ms = Math.round(performance.now() - started);
  clearInterval(sampler);
  const mb = (n: number) => Math.round(n / 1024 / 1024);
  return {
    status: res.status,
    answer,
    ms,
    readMs,
    sheetMB: Math.round((csv.length / 1024 / 1024) * 10) / 10,
    rssBeforeMB: mb(before.rss),
    peakRssGrowthMB: mb(peakRss - before.rss),
    peakHeapGrowthMB: mb(peakHeap - before.heapUsed),
  };
}

async function measure(database: Database, label: string, count: number) {
  await database.migrate();
  const generated = await generate(database, count);
  console.log(`${label}: ${count} orders generated`, generated);
  const sweepStarted = Date.now();
  const unpaidFlags = await flagUnpaidParcels(database.db, new Date());
  const firstSweepMs = Date.now() - sweepStarted;
  // The benchmark reads the sheet in process beside the server: no load shedding while it does.
  const { app, url } = await listen(database, undefined, { overload: { maxEventLoopDelayMs: 0 } });
  const cookie = await adminCookie(url);
  const now = new Date();
  const [kept, summed] = await Promise.all([
    courierFigures(database.db, summarySources, undefined, now),
    courierFigures(database.db, orderSources, undefined, now),
  ]);
  const [{ delivered }] = await rows<{ delivered: string }>(
    database,
    sql`select count(*) as delivered from orders where status = 'delivered'`,
  );
  const result = {
    database: label,
    orders: count,
    delivered: Number(delivered),
    ...generated,
    firstSweep: { ms: firstSweepMs, unpaidFlags },
    remittances: await timeEndpoint(url, "/api/admin/remittances", cookie),
    remittancesOneCourier: await timeEndpoint(url, "/api/admin/remittances?courier=Leopards", cookie),
    inProcess: await timeParts(database),
    summedFromOrders: await timeFromOrders(database),
    summariesAgreeWithOrders: JSON.stringify(kept) === JSON.stringify(summed),
    import50k: await importSheet(database, url, cookie),
  };
  const after = await Promise.all([
    courierFigures(database.db, summarySources, undefined, now),
    courierFigures(database.db, orderSources, undefined, now),
  ]);
  await app.close();
  return { ...result, agreeAfterImport: JSON.stringify(after[0]) === JSON.stringify(after[1]) };
}

const fromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export async function benchRemittances({
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
    runs: results,
    target:
      "remittances.medianMs <= 100 (postgres at 1,000,000 orders, pglite at 100,000); import50k.ms < 10,000 with memory bounded",
    reference:
      "summedFromOrders: the same per-courier figures and aging summed from every delivered order and its payment",
  };
  writeResult("remittances", result);
  return result;
}
