// Benchmark: the embedded database after a year of orders, with and without its upkeep (decision
// 015). Two PGlite databases get the same 100,000 orders and the churn they leave (set-based SQL,
// not HTTP); one is then vacuumed and analyzed by the store's own job. Measured side by side:
// draining 3,000 queued confirmations through the real outbox to a local Cloud API fake, and
// orders placed per second by 20 clients (windows alternate, so a busy machine slows both alike).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { openPglite, type Database } from "../src/server/db/client.js";
import { vacuumBusyTables } from "../src/server/modules/upkeep/vacuum.js";
import { testWhatsappConfig } from "../src/server/test/fakes/whatsapp-config.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { FakeCloudApi, orderBody, placeOrdersAt } from "./orders.js";
import { listen, ratio, rows, writeResult } from "./support.js";

const ORDERS = Number(process.env.BENCH_UPKEEP_ORDERS ?? 100_000);
const QUEUED = 3_000;
/** Seconds per placement window; two windows per database. */
const SECONDS = Math.min(Number(process.env.BENCH_UPKEEP_SECONDS ?? 5) || 5, 60);

/** Progress on standard error, so a long setup on a loaded machine shows where it is. */
const step = (what: string) => console.error(`  upkeep: ${what} (${new Date().toISOString().slice(11, 19)})`);

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await fn();
  return [result, Math.round(performance.now() - started)];
};

/**
 * A year of orders (one every ~5 minutes, the newest a day old) with two lines each, then what
 * their lives leave behind: each confirmation queued, sent and confirmed with the order delivered
 * (two more versions of every row), and a review-request job per order done and pruned. Triggers (the report
 * rollups) are off while generating: they are not what is measured.
 */
async function yearOfOrders(database: Database): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  await run(sql`set session_replication_role = replica`);
  await run(sql`
    insert into orders (created_at, status, customer_name, customer_phone, phone_key, shipping_address, city,
                        subtotal, total, confirmation_state, network_key)
    select now() - interval '1 day' - g * interval '315 seconds', 'pending', 'Sana Malik',
      '0321' || lpad((g % 9000000)::text, 7, '0'), '321' || lpad((g % 9000000)::text, 7, '0'),
      'House 7, Street 9, Johar Town', 'Lahore', 5000, 5000, 'queued', 'bench-' || (g % 5000)
    from generate_series(1, ${ORDERS}) g`);
  await run(sql`
    with o as (select id, row_number() over (order by created_at) as n from orders),
      p as (select *, row_number() over (order by id) - 1 as k, count(*) over () as c from products)
    insert into order_items (order_id, product_id, product_name, category, quantity, size, color, price)
    select o.id, p.id, p.name, p.category, 1, coalesce(p.sizes[1], ''), coalesce(p.colors[1], ''), p.price
    from o join p on p.k = o.n % p.c or p.k = (o.n * 7 + 3) % p.c`);
  // Two versions more of every order (sent; then confirmed and delivered), each in every index.
  await run(sql`update orders set confirmation_state = 'sent'`);
  await run(sql`update orders set confirmation_state = 'confirmed', status = 'delivered',
    shipped_at = created_at + interval '1 day', delivered_at = created_at + interval '3 days'`);
  await run(sql`
    insert into jobs (kind, payload, state, run_at, finished_at)
    select 'whatsapp.review-request', jsonb_build_object('orderId', id), 'done', created_at, created_at
    from orders`);
  await run(sql`delete from jobs where kind = 'whatsapp.review-request'`);
  await run(sql`set session_replication_role = origin`);
}

interface Side {
  label: "without upkeep" | "with upkeep";
  database: Database;
  app: FastifyInstance;
  url: string;
  template: string;
}

/** The year of orders, generated once and copied to both sides (a dump of the data directory). */
async function generate(): Promise<{ dump: Blob; ms: number }> {
  step(`generating ${ORDERS} orders and their churn`);
  const database = await openPglite();
  const [dump, ms] = await timed(async () => {
    await database.migrate();
    await seedCatalogue(database, 24);
    await database.db.execute(sql`delete from orders`);
    await yearOfOrders(database);
    return database.pglite!.dumpDataDir("none");
  });
  await database.close();
  return { dump, ms };
}

async function prepare(label: Side["label"], fake: FakeCloudApi, dump: Blob): Promise<Side & { vacuumMs?: number }> {
  step(`${label}: loading the copy`);
  const database = await openPglite(undefined, dump);
  let vacuumMs: number | undefined;
  if (label === "with upkeep") {
    step(`${label}: the upkeep job's VACUUM (ANALYZE)`);
    [, vacuumMs] = await timed(() => vacuumBusyTables(database.db, new Date()));
  }
  // The outbox on (its sends go to the fake); jobs run only when the benchmark drains them.
  const { app, url } = await listen(database, undefined, {
    trustProxy: 1,
    whatsapp: testWhatsappConfig(fake.url, { requestTimeoutMs: 10_000 }),
  });
  step(`${label}: the jobs' first pass`);
  await app.jobs.runDue(); // the recurring jobs' first pass, before anything is timed
  return { label, database, app, url, template: JSON.stringify(await orderBody(database)), vacuumMs };
}

/** The planner's estimate of queued orders, and the buffers one look at the queue reads. */
async function queueLook(side: Side) {
  const plan = await rows<{ "QUERY PLAN": string }>(
    side.database,
    sql`explain (analyze, buffers) select id from orders
        where confirmation_state = 'queued' and status = 'pending' order by created_at, id limit 50`,
  );
  const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
  // The scan of orders (under the Limit): its estimate is of every queued order.
  const estimated = /Scan[^(]*\(cost=[\d.]+ rows=(\d+)/.exec(text);
  const hits = /Buffers: shared hit=(\d+)/.exec(text);
  return { plannerExpects: Number(estimated?.[1] ?? -1), buffers: Number(hits?.[1] ?? 0) };
}

/** Half of the 3,000 orders placed in the last hour wait for their confirmation; the outbox drains them. */
async function drainQueue(side: Side, fake: FakeCloudApi) {
  await side.database.db.execute(sql`
    update orders set status = 'pending', confirmation_state = 'queued', confirmation_attempts = 0,
      confirmation_retry_at = null, created_at = now() - interval '1 hour'
    where id in (select id from orders where status = 'delivered' order by created_at desc limit ${QUEUED / 2})`);
  step(`${side.label}: draining ${QUEUED / 2} queued confirmations`);
  const before = await fake.count();
  const [, ms] = await timed(() => side.app.jobs.runDue());
  const sent = (await fake.count()) - before;
  return { sent, drainMs: ms, afterDrain: await queueLook(side) };
}

type Drain = Awaited<ReturnType<typeof drainQueue>>;

export async function benchUpkeep() {
  const fake = await new FakeCloudApi().start();
  const { dump, ms: setupMs } = await generate();
  const started = Date.now();
  const sides = [await prepare("without upkeep", fake, dump), await prepare("with upkeep", fake, dump)];
  const [without, withUpkeep] = sides;
  try {
    const drains = { without: [] as Drain[], with: [] as Drain[] };
    // Alternating: without, with, with, without; 1,500 orders each time, 3,000 per side.
    for (const side of [without, withUpkeep, withUpkeep, without])
      drains[side === without ? "without" : "with"].push(await drainQueue(side, fake));
    step("placing orders");
    const placed = { without: 0, with: 0 };
    for (const side of [without, withUpkeep, withUpkeep, without])
      placed[side === without ? "without" : "with"] += (await placeOrdersAt(side.url, side.template, SECONDS)).created;
    const drainMs = (d: Drain[]) => d.reduce((n, x) => n + x.drainMs, 0);
    const perSecond = (n: number) => Math.round(n / (2 * SECONDS));
    const result = {
      database: "pglite (in memory)",
      orders: ORDERS,
      churn: "each order queued, then sent, then confirmed and delivered; one job per order done and pruned",
      generateSeconds: Math.round(setupMs / 1000),
      vacuumSeconds: Math.round((withUpkeep.vacuumMs ?? 0) / 100) / 10,
      queueDrain: {
        queued: QUEUED,
        runsPerSide: 2,
        sentEach: [...drains.without, ...drains.with].map((d) => d.sent),
        withoutUpkeepMs: drainMs(drains.without),
        withUpkeepMs: drainMs(drains.with),
        /** Time with upkeep / without: below 1 is faster with it. */
        withToWithout: ratio(drainMs(drains.with), drainMs(drains.without)),
        afterDrainWithout: drains.without.at(-1)!.afterDrain,
        afterDrainWith: drains.with.at(-1)!.afterDrain,
      },
      orderPlacement: {
        clients: 20,
        seconds: 2 * SECONDS,
        withoutUpkeepPerSecond: perSecond(placed.without),
        withUpkeepPerSecond: perSecond(placed.with),
        /** Orders per second with upkeep / without: above 1 is faster with it. */
        withToWithout: ratio(placed.with, Math.max(1, placed.without)),
      },
    };
    step(`measured in ${Math.round((Date.now() - started) / 1000)} s after generating`);
    writeResult("upkeep", result);
    return result;
  } finally {
    for (const side of sides) {
      await side.app.close();
      await side.database.close();
    }
    await fake.stop();
  }
}
