// Benchmark 3: orders placed per second by 20 concurrent clients, on PGlite and on PostgreSQL,
// then the count of stored orders next to the count of 201 answers (they must be equal).
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { openPglite, type Database } from "../src/server/db/client.js";
import { startTsWorker } from "../src/server/lib/ts-worker.js";
import { testWhatsappConfig } from "../src/server/test/fakes/whatsapp-config.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { combinations } from "../src/shared/catalogue/variants.js";
import { saveVariants } from "../src/server/modules/catalogue/index.js";
import { listen, onFreshPostgres, rows, writeResult } from "./support.js";

export async function orderBody(database: Database) {
  const products = await rows<{
    id: number;
    name: string;
    sizes: string[];
    colors: string[];
    stock: Record<string, boolean>;
  }>(
    database,
    sql`
    select id, name, sizes, colors, color_variant_stock as stock from products
    where in_stock and cardinality(sizes) > 0 and cardinality(colors) > 0 order by id limit 20`,
  );
  const items = products.slice(0, 2).map((p) => ({
    productId: p.id,
    productName: p.name,
    quantity: 1,
    size: p.sizes[0],
    color: p.colors.find((c) => p.stock?.[c] !== false) ?? p.colors[0],
    price: 1, // tampered on purpose: the server prices from the catalogue
    selectedImage: null,
  }));
  return {
    customerName: "Ayesha Khan",
    customerPhone: "PHONE",
    customerEmail: "",
    shippingAddress: "House 12, Street 4, Model Town",
    city: "Lahore",
    postalCode: "54000",
    specialInstructions: "",
    items,
    subtotal: "1",
    tax: "0",
    total: "1",
    paymentMethod: "cod",
  };
}

/**
 * The 20 clients, in a worker thread of their own (real shoppers are not on the server's
 * machine, so their JSON and HTTP work must not share its event loop). At the deadline each
 * client finishes the request it has in flight, so every stored order has had its answer counted.
 */
const CLIENTS = `
  const { parentPort, workerData } = require("node:worker_threads");
  const { url, seconds, concurrency, template, templates } = workerData;
  let n = 0, created = 0, refused = 0;
  const statuses = {};
  const latencies = [];
  const deadline = Date.now() + seconds * 1000;
  const client = async () => {
    while (Date.now() < deadline) {
      const i = n++;
      const phone = "0300" + String(1000000 + (i % 9000000)).padStart(7, "0");
      const started = performance.now();
      const res = await fetch(url + "/api/orders", {
        method: "POST",
        // Shoppers behind one trusted proxy hop, each with an address of their own (RFC 5737 range,
        // only ever written into a header): one network would meet its hourly order cap.
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51." + ((i >> 8) & 255) + "." + (i & 255) },
        body: (templates ? templates[i % templates.length] : template).replace("PHONE", phone),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status === 201) created++;
      else { refused++; statuses[res.status] = (statuses[res.status] ?? 0) + 1; }
    }
  };
  Promise.all(Array.from({ length: concurrency }, client)).then(() => {
    latencies.sort((a, b) => a - b);
    parentPort.postMessage({ created, refused, statuses, p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0 });
  });
`;

/** Every product counts stock, plenty of every size × colour (no order is refused, none goes low). */
async function trackEveryProduct(database: Database) {
  await database.db.execute(sql`update products set track_stock = true`);
  await database.db.execute(sql`
    insert into product_stock (product_id, variant_id, size, color, quantity)
    select v.product_id, v.id, v.size, v.color, 100000 from product_variants v
    on conflict do nothing`);
}

/**
 * Orders of two lines each over every product's sizes and colours (as many shoppers buy different
 * things), from the one body: the shopper's fields stay the same, only the lines differ.
 */
async function spreadBodies(database: Database, template: string): Promise<string[]> {
  const variants = await rows<{ id: number; name: string; size: string; color: string }>(
    database,
    sql`select p.id, p.name, s as size, c as color from products p, unnest(p.sizes) s, unnest(p.colors) c
        where p.in_stock and cardinality(p.sizes) > 0 and cardinality(p.colors) > 0
          and coalesce((p.color_variant_stock ->> c)::boolean, true)
        order by p.id, s, c`,
  );
  const body = JSON.parse(template);
  const line = (v: (typeof variants)[number]) => ({
    ...body.items[0],
    productId: v.id,
    productName: v.name,
    size: v.size,
    color: v.color,
  });
  return variants.map((v, i) => {
    const other = variants[(i * 7 + 3) % variants.length];
    const items =
      other.id === v.id && other.size === v.size && other.color === v.color ? [line(v)] : [line(v), line(other)];
    return JSON.stringify({ ...body, items });
  });
}

/** The Cloud API fake, running in a worker thread (bench/cloud-api-worker.ts). */
export class FakeCloudApi {
  url = "";
  private worker: Worker | null = null;

  async start(): Promise<this> {
    this.worker = startTsWorker(new URL("./cloud-api-worker.ts", import.meta.url));
    const [{ url }] = (await once(this.worker, "message")) as [{ url: string }];
    this.url = url;
    return this;
  }

  private async ask<T>(what: string): Promise<T> {
    const answer = once(this.worker!, "message");
    this.worker!.postMessage(what);
    return ((await answer) as [T])[0];
  }

  async count(): Promise<number> {
    return (await this.progress()).count;
  }

  /** Messages received so far, and when the last one arrived (wall clock, ms). */
  progress(): Promise<{ count: number; lastAt: number }> {
    return this.ask<{ count: number; lastAt: number }>("count");
  }

  async received(): Promise<{ body: unknown; wallAt: number }[]> {
    return (await this.ask<{ received: { body: unknown; wallAt: number }[] }>("received")).received;
  }

  async stop(): Promise<void> {
    await this.ask("stop");
    await this.worker!.terminate();
  }
}

/** Two databases of one kind measured side by side in one run. */
type Pair = [Database, Database];

type Load = { created: number; refused: number; statuses: Record<string, number>; p99Ms: number };

async function prepare(database: Database, trackStock: boolean, outbox?: FakeCloudApi) {
  await database.migrate();
  await seedCatalogue(database, 24);
  await database.db.execute(sql`delete from orders`);
  await database.db.execute(sql`delete from jobs`);
  if (trackStock) await trackEveryProduct(database);
  // With the outbox on, every order also writes its confirmation job, and the app's own job
  // runner sends it to a local fake of the Cloud API while the load runs.
  const { app, url } = await listen(database, undefined, {
    trustProxy: 1,
    ...(outbox
      ? { whatsapp: testWhatsappConfig(outbox.url, { requestTimeoutMs: 10_000 }), jobs: { start: true } }
      : {}),
  });
  const template = JSON.stringify(await orderBody(database));
  return { database, app, url, trackStock, outbox, template, templates: await spreadBodies(database, template) };
}
type Prepared = Awaited<ReturnType<typeof prepare>>;

async function load(target: Prepared, seconds: number, spread = false): Promise<Load> {
  return placeOrdersAt(target.url, target.template, seconds, spread ? target.templates : undefined);
}

/** 20 clients (in a worker thread) placing orders at `url` for `seconds`, each from the body `template`. */
export async function placeOrdersAt(
  url: string,
  template: string,
  seconds: number,
  templates?: string[],
): Promise<Load> {
  const workerData = { url, seconds, concurrency: 20, template, templates };
  const worker = new Worker(CLIENTS, { eval: true, workerData });
  const [result] = (await once(worker, "message")) as [Load];
  await worker.terminate();
  return result;
}

async function report(target: Prepared, label: string, seconds: number, loads: Load[]) {
  const created = loads.reduce((n, l) => n + l.created, 0);
  const refused = loads.reduce((n, l) => n + l.refused, 0);
  const statuses: Record<string, number> = {};
  for (const l of loads) for (const [k, v] of Object.entries(l.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  const toMessage = target.outbox ? await orderToMessage(target.database, target.outbox, created) : undefined;
  const [stored] = await rows<{ orders: number; items: number }>(
    target.database,
    sql`select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items`,
  );
  await target.app.close();
  return {
    database: label,
    stockTracked: target.trackStock,
    clients: 20,
    seconds,
    ordersPerSecond: Math.round(created / seconds),
    answered201: created,
    storedOrders: Number(stored.orders),
    storedItems: Number(stored.items),
    equal: created === Number(stored.orders),
    refused,
    refusedByStatus: statuses,
    p99Ms: Math.round(Math.max(...loads.map((l) => l.p99Ms))),
    ...(toMessage ? { outbox: "on", orderToMessage: toMessage } : {}),
  };
}

async function measure(database: Database, label: string, seconds: number, outbox?: FakeCloudApi) {
  const target = await prepare(database, false, outbox);
  return report(target, label, seconds, [await load(target, seconds)]);
}

/**
 * Stock tracked on every product next to untracked, on two fresh databases of the same kind:
 * their load windows alternate (U T T U U T T U), so a busy machine slows both alike.
 */
async function measurePair(databases: Pair, label: string, seconds: number, spread: boolean) {
  const [untracked, tracked] = [await prepare(databases[0], false), await prepare(databases[1], true)];
  const windows = 4;
  const loads = { untracked: [] as Load[], tracked: [] as Load[] };
  for (let w = 0; w < windows; w++) {
    const order = w % 2 === 0 ? (["untracked", "tracked"] as const) : (["tracked", "untracked"] as const);
    for (const which of order)
      loads[which].push(await load(which === "tracked" ? tracked : untracked, seconds / windows, spread));
  }
  const u = await report(untracked, label, seconds, loads.untracked);
  const t = await report(tracked, label, seconds, loads.tracked);
  return {
    database: label,
    orders: spread ? "spread over every size and colour" : "the same two variants every time",
    untrackedOrdersPerSecond: u.ordersPerSecond,
    trackedOrdersPerSecond: t.ordersPerSecond,
    ratio: Math.round((t.ordersPerSecond / Math.max(1, u.ordersPerSecond)) * 100) / 100,
    bothEqual: u.equal && t.equal,
    untrackedP99Ms: u.p99Ms,
    trackedP99Ms: t.p99Ms,
    refused: { untracked: u.refusedByStatus, tracked: t.refusedByStatus },
  };
}

/**
 * Issue 24: orders with a discount code (10% off, no limits: an influencer's code) and a delivery
 * fee, a per-city fee and a COD fee in force, next to the same orders with no code and no fees, on
 * two fresh databases of the same kind with alternating windows (as measurePair). Every placement
 * is priced by modules/pricing either way; this measures what the code's lookup and the fees add.
 */
async function moneyPair(databases: Pair, label: string, seconds: number) {
  const [plain, priced] = [await prepare(databases[0], false), await prepare(databases[1], false)];
  await priced.database.db.execute(sql`insert into settings (key, value) values
      ('delivery_fee', '"250"'::jsonb), ('delivery_fee_by_city', '{"Karachi": 200}'::jsonb),
      ('free_delivery_over', '"50000"'::jsonb), ('cod_fee', '"50"'::jsonb)
    on conflict (key) do update set value = excluded.value`);
  await priced.database.db.execute(sql`insert into discounts (code, kind, value) values ('BENCH10', 'percent', 10)`);
  priced.app.catalogueCache.invalidate();
  const withCode = (body: string) => JSON.stringify({ ...JSON.parse(body), discountCode: "bench10" });
  priced.template = withCode(priced.template);
  priced.templates = priced.templates.map(withCode);
  const windows = 4;
  const loads = { plain: [] as Load[], priced: [] as Load[] };
  for (let w = 0; w < windows; w++) {
    const order = w % 2 === 0 ? (["plain", "priced"] as const) : (["priced", "plain"] as const);
    for (const which of order) loads[which].push(await load(which === "priced" ? priced : plain, seconds / windows));
  }
  const [{ n: discounted }] = await rows<{ n: number }>(
    priced.database,
    sql`select count(*)::int as n from orders where discount_code = 'BENCH10' and delivery_fee = 250 and cod_fee = 50`,
  );
  const p = await report(plain, label, seconds, loads.plain);
  const c = await report(priced, label, seconds, loads.priced);
  return {
    database: label,
    withoutOrdersPerSecond: p.ordersPerSecond,
    withCodeAndFeesOrdersPerSecond: c.ordersPerSecond,
    ratio: Math.round((c.ordersPerSecond / Math.max(1, p.ordersPerSecond)) * 100) / 100,
    everyPricedOrderCarriesCodeAndFees: Number(discounted) === c.answered201,
    bothEqual: p.equal && c.equal,
    withoutP99Ms: p.p99Ms,
    withP99Ms: c.p99Ms,
    refused: { without: p.refusedByStatus, with: c.refusedByStatus },
  };
}

/**
 * Issue 25: orders under an advance rule (every order owes half its total, and at least its fees)
 * next to the same orders with no rule, on two fresh databases of the same kind with alternating
 * windows (as moneyPair). The rules are read with the fees (the sale book's cache), so this
 * measures what working out and storing the advance adds to a placement.
 */
async function advancePair(databases: Pair, label: string, seconds: number) {
  const [plain, owing] = [await prepare(databases[0], false), await prepare(databases[1], false)];
  await owing.database.db.execute(sql`insert into settings (key, value) values
      ('advance_over_total', '"0"'::jsonb), ('advance_percent', '"50"'::jsonb), ('advance_delivery_fee', '"1"'::jsonb),
      ('payment_accounts', '"[{\\"method\\":\\"easypaisa\\",\\"title\\":\\"Bench\\",\\"account\\":\\"03001234567\\"}]"'::jsonb)
    on conflict (key) do update set value = excluded.value`);
  owing.app.catalogueCache.invalidate();
  const windows = 4;
  const loads = { plain: [] as Load[], owing: [] as Load[] };
  for (let w = 0; w < windows; w++) {
    const order = w % 2 === 0 ? (["plain", "owing"] as const) : (["owing", "plain"] as const);
    for (const which of order) loads[which].push(await load(which === "owing" ? owing : plain, seconds / windows));
  }
  const [{ n: due }] = await rows<{ n: number }>(
    owing.database,
    sql`select count(*)::int as n from orders where advance_status = 'due' and advance_amount > 0`,
  );
  const p = await report(plain, label, seconds, loads.plain);
  const a = await report(owing, label, seconds, loads.owing);
  return {
    database: label,
    withoutOrdersPerSecond: p.ordersPerSecond,
    withAdvanceOrdersPerSecond: a.ordersPerSecond,
    ratio: Math.round((a.ordersPerSecond / Math.max(1, p.ordersPerSecond)) * 100) / 100,
    everyOrderOwesItsAdvance: Number(due) === a.answered201,
    bothEqual: p.equal && a.equal,
    withoutP99Ms: p.p99Ms,
    withP99Ms: a.p99Ms,
    refused: { without: p.refusedByStatus, with: a.refusedByStatus },
  };
}

/**
 * Time from an order's creation to its confirmation message arriving at the fake Cloud API,
 * over every order of the run (waiting up to a minute for the queue to drain after the load).
 */
async function orderToMessage(database: Database, fake: FakeCloudApi, expected: number) {
  const waitUntil = Date.now() + 60_000;
  while ((await fake.count()) < expected && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 200));
  const received = await fake.received();
  const arrived = new Map<string, number>();
  for (const m of received) {
    const match = /confirm:([0-9a-f-]{36}):/.exec(JSON.stringify(m.body));
    if (match && !arrived.has(match[1])) arrived.set(match[1], m.wallAt);
  }
  const created = await rows<{ id: string; at: number }>(
    database,
    sql`select id, (extract(epoch from created_at) * 1000)::float8 as at from orders`,
  );
  const ms = created
    .filter((o) => arrived.has(o.id))
    .map((o) => arrived.get(o.id)! - Number(o.at))
    .sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(ms.length * q))] ?? 0);
  return { messages: received.length, ordersMessaged: ms.length, p50Ms: at(0.5), p99Ms: at(0.99) };
}

/**
 * Orders per second with the WhatsApp outbox off and on, on two fresh databases of the same kind:
 * their load windows alternate (off on on off off on on off), so a busy machine slows both alike.
 * An "on" window lasts until the last of its orders' messages reached the fake (up to 30 s after
 * the load), so the rate counts the sending as well as the placing, and no window pays for
 * another's messages.
 */
async function outboxPair(databases: Pair, label: string, seconds: number) {
  const fake = await new FakeCloudApi().start();
  const [off, on] = [await prepare(databases[0], false), await prepare(databases[1], false, fake)];
  const windows = 4;
  const loads = { off: [] as Load[], on: [] as Load[] };
  // Messages the fake had when each "on" window's load ended, beyond those of the earlier windows
  // (all sent by then), and how long the rest took to arrive.
  let sentInWindows = 0;
  let catchUpMs = 0;
  for (let w = 0; w < windows; w++) {
    for (const which of w % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      const windowLoad = await load(which === "on" ? on : off, seconds / windows);
      loads[which].push(windowLoad);
      if (which !== "on") continue;
      const loadEnded = Date.now();
      const sent = loads.on.reduce((n, l) => n + l.created, 0);
      sentInWindows += Math.max(0, (await fake.count()) - (sent - windowLoad.created));
      const until = Date.now() + 30_000;
      let progress = await fake.progress();
      while (progress.count < sent && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
        progress = await fake.progress();
      }
      catchUpMs += Math.max(0, progress.lastAt - loadEnded);
    }
  }
  const withoutOutbox = await report(off, label, seconds, loads.off);
  const withOutbox = await report(on, label, seconds, loads.on);
  await fake.stop();
  const onSeconds = seconds + catchUpMs / 1000;
  const onOrdersPerSecond = Math.round(withOutbox.answered201 / onSeconds);
  return {
    database: label,
    offOrdersPerSecond: withoutOutbox.ordersPerSecond,
    /** Orders placed and their confirmations sent, per second of the "on" windows, catching up included. */
    onOrdersPerSecond,
    onToOff: Math.round((onOrdersPerSecond / Math.max(1, withoutOutbox.ordersPerSecond)) * 100) / 100,
    /** Orders placed per second of the "on" windows' load alone, the sending left after it not counted. */
    onPlacedPerSecond: withOutbox.ordersPerSecond,
    onEqual: withOutbox.equal,
    /** Share of the "on" windows' orders whose message was sent before their window's load ended. */
    sentWithinWindow: Math.round((sentInWindows / Math.max(1, withOutbox.answered201)) * 100) / 100,
    /** Time from the end of each "on" window's load to its last message, summed over the windows. */
    catchUpMs,
    orderToMessage: withOutbox.orderToMessage,
  };
}

/**
 * Knobs for short runs on a shared machine: BENCH_ORDERS_SECONDS (per row, default 10),
 * BENCH_ORDERS_ROWS, a comma-separated choice of "placement", "stock", "outbox", "money", "advance" and "variants", and
 * BENCH_ORDERS_DATABASES, of "pglite" and "postgres" (default all of each).
 */
function knobs() {
  const seconds = Number(process.env.BENCH_ORDERS_SECONDS ?? 10);
  const list = (value: string) => new Set(value.split(",").map((r) => r.trim()));
  return {
    seconds: Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 120) : 10,
    rows: list(process.env.BENCH_ORDERS_ROWS ?? "placement,stock,outbox,money,advance,variants"),
    databases: list(process.env.BENCH_ORDERS_DATABASES ?? "pglite,postgres"),
  };
}

/** PGlite, unless BENCH_ORDERS_DATABASES leaves it out. */
const onPglite = () => knobs().databases.has("pglite");

/** A fresh PostgreSQL database (see onFreshPostgres), unless BENCH_ORDERS_DATABASES leaves it out. */
function onChosenPostgres<T>(fn: (database: Database) => Promise<T>, poolSize?: number): Promise<T | null> {
  return knobs().databases.has("postgres") ? onFreshPostgres(fn, poolSize) : Promise.resolve(null);
}

/** Two fresh PGlite databases for a same-run pair, closed after, unless BENCH_ORDERS_DATABASES leaves PGlite out. */
async function onPglitePair<T>(fn: (pair: Pair) => Promise<T>): Promise<T | null> {
  if (!onPglite()) return null;
  const pair: Pair = [await openPglite(), await openPglite()];
  try {
    return await fn(pair);
  } finally {
    await Promise.all(pair.map((d) => d.close()));
  }
}

/** Two fresh PostgreSQL databases for a same-run pair, unless BENCH_ORDERS_DATABASES leaves PostgreSQL out. */
function onPostgresPair<T>(fn: (pair: Pair) => Promise<T>): Promise<T | null> {
  return onChosenPostgres((a) => onFreshPostgres((b) => fn([a, b]), 20));
}

export async function benchOrders(seconds = knobs().seconds) {
  const chosen = knobs().rows;
  const results = [];
  const stock = [];
  const outbox = [];
  if (chosen.has("money")) {
    // Issue 24's pair, in a file of its own: a run of it alone leaves the other rows' figures be.
    const money = await moneyRows(seconds);
    writeResult("orders-money", { codeAndFees: money, target: "code and fees / none >= 0.9" });
    if (chosen.size === 1) return { codeAndFees: money };
  }
  if (chosen.has("advance")) {
    // Issue 25's pair, in a file of its own as issue 24's.
    const advance = await advanceRows(seconds);
    writeResult("orders-advance", { advanceRule: advance, target: "advance rule on / off >= 0.9" });
    if (chosen.size === 1) return { advanceRule: advance };
  }
  if (chosen.has("variants")) {
    // Issue 40's pair, in a file of its own as issue 24's.
    const variants = await variantRows(seconds);
    writeResult("orders-variants", { variantOrder: variants, target: "variant order / size × colour order >= 0.95" });
    if (chosen.size === 1) return { variantOrder: variants };
  }
  if (chosen.has("placement")) results.push(...(await placementRows(seconds)));
  if (chosen.has("stock")) stock.push(...(await stockRows(seconds)));
  if (chosen.has("outbox")) outbox.push(...(await outboxRows(seconds)));
  const result = {
    orderPlacement: results,
    stockTracked: stock,
    whatsappOutbox: outbox,
    target:
      "pglite ordersPerSecond >= 300; answered201 == storedOrders; stock tracked / untracked >= 0.8; outbox on / off >= 0.9",
  };
  writeResult("orders", result);
  return result;
}

async function placementRows(seconds: number) {
  const results = [];
  if (onPglite()) {
    const lite = await openPglite();
    results.push(await measure(lite, "pglite", seconds));
    await lite.close();

    // As `npm start` runs it: in a data directory on disk.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-pglite-"));
    const onDisk = await openPglite(dataDir);
    results.push(await measure(onDisk, "pglite (data directory)", seconds));
    await onDisk.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const onPostgres = await onChosenPostgres((database) => measure(database, "postgres", seconds));
  if (onPostgres) results.push(onPostgres);
  return results;
}

async function stockRows(seconds: number) {
  // Stock per size and colour (decision 007): every product tracked next to none, the same orders:
  // spread over every variant (shoppers buying different things), and the worst case, every order
  // for the same two variants (on PostgreSQL all 20 clients then queue on the same stock rows).
  const stock = [];
  for (const spread of [true, false])
    stock.push(
      await onPglitePair((pair) => measurePair(pair, "pglite", seconds, spread)),
      await onPostgresPair((pair) => measurePair(pair, "postgres", seconds, spread)),
    );
  return stock.filter((row) => row !== null);
}

async function outboxRows(seconds: number) {
  // The WhatsApp outbox (issue 9): the same load with the confirmation job written and sent.
  const rows = [
    await onPglitePair((pair) => outboxPair(pair, "pglite", seconds)),
    await onPostgresPair((pair) => outboxPair(pair, "postgres", seconds)),
  ];
  return rows.filter((row) => row !== null);
}

async function moneyRows(seconds: number) {
  const rows = [
    await onPglitePair((pair) => moneyPair(pair, "pglite", seconds)),
    await onPostgresPair((pair) => moneyPair(pair, "postgres", seconds)),
  ];
  return rows.filter((row) => row !== null);
}

/**
 * Issue 40: an order of two variants of products with three options (Make × Size × Colour, each
 * its own price), named by variantId, next to today's order of the same two products by size and
 * colour, on two fresh databases of one kind, the load windows alternating as measurePair's.
 */
async function variantPair(databases: Pair, label: string, seconds: number) {
  const today = await prepare(databases[0], true);
  const withVariants = await prepare(databases[1], true);
  const body = JSON.parse(withVariants.template) as { items: { productId: number; size: string; color: string }[] };
  const items = [];
  for (const item of body.items) {
    const [p] = await rows<{ sizes: string[]; colors: string[]; price: string }>(
      withVariants.database,
      sql`select sizes, colors, price::text as price from products where id = ${item.productId}`,
    );
    const options = [
      { name: "Make", values: ["Unstitched", "Stitched", "Pret"] },
      { name: "Size", values: p.sizes },
      { name: "Color", values: p.colors },
    ];
    const saved = await saveVariants(
      withVariants.database.db,
      item.productId,
      options,
      combinations(options).map((combo, i) => ({
        options: combo,
        price: String(Number(p.price) + (i % 3) * 1500),
        originalPrice: null,
        sku: null,
        imageId: null,
      })),
    );
    await withVariants.database.db.execute(sql`
      update products set options = ${JSON.stringify(options)}::jsonb, track_stock = true where id = ${item.productId}`);
    await withVariants.database.db.execute(sql`
      insert into product_stock (product_id, variant_id, size, color, quantity)
      select product_id, id, size, color, 100000 from product_variants where product_id = ${item.productId}
      on conflict (variant_id) do nothing`);
    const chosen = saved.find((v) => v.options.Make === "Stitched" && v.size === item.size && v.color === item.color)!;
    items.push({ productId: item.productId, variantId: chosen.id, quantity: 1, price: 1, selectedImage: null });
  }
  const variantTarget = { ...withVariants, template: JSON.stringify({ ...body, items }) };
  const windows = 4;
  const loads = { today: [] as Load[], variants: [] as Load[] };
  for (let w = 0; w < windows; w++) {
    const order = w % 2 === 0 ? (["today", "variants"] as const) : (["variants", "today"] as const);
    for (const which of order)
      loads[which].push(await load(which === "today" ? today : variantTarget, seconds / windows));
  }
  const t = await report(today, label, seconds, loads.today);
  const v = await report(variantTarget, label, seconds, loads.variants);
  return {
    database: label,
    sizeAndColorOrdersPerSecond: t.ordersPerSecond,
    variantOrdersPerSecond: v.ordersPerSecond,
    ratio: Math.round((v.ordersPerSecond / Math.max(1, t.ordersPerSecond)) * 100) / 100,
    equal: t.equal && v.equal,
    refused: { sizeAndColor: t.refusedByStatus, variants: v.refusedByStatus },
  };
}

async function variantRows(seconds: number) {
  const rows = [
    await onPglitePair((pair) => variantPair(pair, "pglite", seconds)),
    await onPostgresPair((pair) => variantPair(pair, "postgres", seconds)),
  ];
  return rows.filter((row) => row !== null);
}

async function advanceRows(seconds: number) {
  const rows = [
    await onPglitePair((pair) => advancePair(pair, "pglite", seconds)),
    await onPostgresPair((pair) => advancePair(pair, "postgres", seconds)),
  ];
  return rows.filter((row) => row !== null);
}
