import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { afterAll, describe, expect, it } from "vitest";
import {
  adminCookie,
  freePort,
  kill,
  startServer,
  waitUntilHealthy,
  type ServerProcess,
} from "./support/server-process.js";

/**
 * Crash safety of the embedded database: ten shoppers place orders while the real server is
 * killed with SIGKILL at a random moment and restarted on the same data directory, twenty
 * times. Every order the server acknowledged (201) must be there afterwards, whole, and the
 * database must be consistent and uncorrupted. Every wait is bounded.
 */
const ROUNDS = 20;
const CLIENTS = 10;
const FIRST_START_TIMEOUT = 120_000; // a fresh PGlite directory is initialised and migrated
const RESTART_TIMEOUT = 60_000;
const REQUEST_TIMEOUT = 10_000;
/** Units of each product's one size and colour put in at the start: more than the shoppers can buy. */
const STOCK = 50_000;

const PRODUCTS = [
  { name: "Lawn Suit", price: 2500 },
  { name: "Silk Dupatta", price: 1800 },
  { name: "Chiffon Kurta", price: 3200.5 },
];

interface Acked {
  items: number;
  total: string;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-crash-"));
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await kill(server).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(base: string, url: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  return fetch(base + url, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT) });
}

/** A category and three products through the admin API; their ids, in PRODUCTS order. */
async function createCatalogue(base: string, cookie: string): Promise<number[]> {
  const category = await call(base, "/api/categories", {
    method: "POST",
    cookie,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Lawn", slug: "lawn", description: "" }),
  });
  expect(category.status, await category.clone().text()).toBe(201);
  const ids: number[] = [];
  for (const p of PRODUCTS) {
    const form = new FormData();
    form.append(
      "productData",
      JSON.stringify({
        name: p.name,
        price: String(p.price),
        category: "Lawn",
        sizes: ["M"],
        colors: ["Red"],
        variantStock: [{ size: "M", color: "Red", quantity: STOCK }],
      }),
    );
    const res = await call(base, "/api/products", { method: "POST", cookie, body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    ids.push((await res.json()).id);
  }
  return ids;
}

let orderNo = 0;

/** A documentation-range address (RFC 5737) per shopper, only ever written into a header. */
const shopperAddress = (n: number) => `198.51.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;

/** An order of 1-3 lines with a phone number of its own (numbers are capped at a few orders an hour). */
function nextOrder(productIds: number[]): { body: string; items: number; total: string } {
  const n = ++orderNo;
  const lines = productIds.slice(0, 1 + (n % 3)).map((productId, i) => ({ productId, quantity: 1 + ((n + i) % 2) }));
  const paisa = lines.reduce((sum, l, i) => sum + Math.round(PRODUCTS[i].price * 100) * l.quantity, 0);
  const body = {
    customerName: "Ayesha Khan",
    customerPhone: `+92 300 ${1_000_000 + n}`,
    customerEmail: "",
    shippingAddress: "House 12, Street 4, Model Town",
    city: "Lahore",
    postalCode: "54000",
    specialInstructions: `crash test order ${n}`,
    items: lines.map((l) => ({ ...l, productName: "x", size: "M", color: "Red", price: 1, selectedImage: null })),
    subtotal: "1",
    tax: "0",
    total: "1",
    paymentMethod: "cod",
  };
  return { body: JSON.stringify(body), items: lines.length, total: (paisa / 100).toFixed(2) };
}

/** One shopper placing orders back to back until told to stop; every 201 is recorded. */
async function shopper(
  base: string,
  productIds: number[],
  acked: Map<string, Acked>,
  statuses: Map<number, number>,
  stopped: () => boolean,
) {
  while (!stopped()) {
    const order = nextOrder(productIds);
    try {
      const res = await call(base, "/api/orders", {
        method: "POST",
        // Many shoppers, as a reverse proxy reports them: one network would meet its hourly cap.
        headers: { "content-type": "application/json", "x-forwarded-for": shopperAddress(orderNo) },
        body: order.body,
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) acked.set((await res.json()).id, { items: order.items, total: order.total });
      else await res.body?.cancel();
    } catch {
      // The connection died with the server: this order's fate is unknown, and that is allowed.
      if (!stopped()) await sleep(20);
    }
  }
}

/** Everything that must hold in the data directory after the last kill, checked by opening it directly. */
async function checkDataDirectory(dir: string): Promise<Record<string, number>> {
  const db = await PGlite.create(dir, { extensions: { amcheck } });
  try {
    const tables = (
      await db.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1")
    ).rows;
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = Number((await db.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0].n);
    }
    const broken = async (sql: string) =>
      Number((await db.query<{ n: string }>(`select count(*) as n from (${sql}) x`)).rows[0].n);
    expect(
      await broken("select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)"),
      "orders without items",
    ).toBe(0);
    expect(
      await broken("select i.id from order_items i left join orders o on o.id = i.order_id where o.id is null"),
      "items without an order",
    ).toBe(0);
    expect(
      await broken(
        "select o.id from orders o where not exists (select 1 from order_status_events e where e.order_id = o.id)",
      ),
      "orders without a status event",
    ).toBe(0);
    expect(
      await broken(
        "select o.id from orders o where o.subtotal <> (select sum(i.price * i.quantity) from order_items i where i.order_id = o.id) or o.total <> o.subtotal + o.tax",
      ),
      "orders whose totals are not the sum of their items",
    ).toBe(0);
    // Stock is taken in the order's own statement: what is left plus what was ordered is what was put in.
    expect(
      await broken(
        `select s.product_id from product_stock s where s.quantity + coalesce((select sum(i.quantity) from order_items i
           join orders o on o.id = i.order_id where i.product_id = s.product_id and i.size = s.size
           and i.color = s.color and o.status <> 'cancelled'), 0) <> ${STOCK}`,
      ),
      "products whose stock plus ordered quantities is not what was put in",
    ).toBe(0);
    expect(
      await broken(
        "select o.id from orders o where (select coalesce(sum(quantity), 0) from order_items i where i.order_id = o.id) <> (select coalesce(sum(quantity), 0) from order_stock h where h.order_id = o.id and h.held)",
      ),
      "orders whose held stock differs from their items",
    ).toBe(0);

    // Physical integrity: every B-tree index is valid and holds every heap row; no heap page is damaged.
    await db.exec("create extension if not exists amcheck");
    const indexes = await db.query<{ name: string }>(
      "select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam where a.amname = 'btree' and c.relnamespace = 'public'::regnamespace",
    );
    expect(indexes.rows.length).toBeGreaterThan(5);
    for (const { name } of indexes.rows) await db.query(`select bt_index_check('"${name}"'::regclass, true)`);
    for (const { name } of tables) {
      const damaged = await db.query(`select * from verify_heapam('"${name}"'::regclass)`);
      expect(damaged.rows, `heap of ${name}`).toEqual([]);
    }
    return counts;
  } finally {
    await db.close();
  }
}

describe("the server killed with SIGKILL while orders are being placed", () => {
  it(`keeps every acknowledged order whole across ${ROUNDS} kills and restarts`, async () => {
    const timings = { firstStartMs: 0, restartMs: [] as number[], loadMs: [] as number[] };
    const acked = new Map<string, Acked>();
    const statuses = new Map<number, number>();
    const perRound: number[] = [];

    let t0 = Date.now();
    server = startServer(dataDir, await freePort(), { TRUST_PROXY: "1" });
    await waitUntilHealthy(server, FIRST_START_TIMEOUT);
    timings.firstStartMs = Date.now() - t0;
    const productIds = await createCatalogue(server.base, await adminCookie(server.base));

    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        t0 = Date.now();
        server = startServer(dataDir, await freePort(), { TRUST_PROXY: "1" });
        await waitUntilHealthy(server, RESTART_TIMEOUT); // the dead server's lock is taken over
        timings.restartMs.push(Date.now() - t0);
      }
      const before = acked.size;
      let stopped = false;
      const shoppers = Array.from({ length: CLIENTS }, () =>
        shopper(server!.base, productIds, acked, statuses, () => stopped),
      );
      const loadMs = 300 + Math.floor(Math.random() * 2700);
      await sleep(loadMs);
      await kill(server);
      stopped = true;
      await Promise.all(shoppers); // each ends within one request timeout
      timings.loadMs.push(loadMs);
      perRound.push(acked.size - before);
    }

    // One more start on the same directory: every acknowledged order is there, whole.
    t0 = Date.now();
    server = startServer(dataDir, await freePort(), { TRUST_PROXY: "1" });
    await waitUntilHealthy(server, RESTART_TIMEOUT);
    timings.restartMs.push(Date.now() - t0);
    const cookie = await adminCookie(server.base);
    const missing: string[] = [];
    const ids = [...acked.keys()];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let id = ids.pop(); id; id = ids.pop()) {
          const res = await call(server!.base, `/api/orders/${id}`, { cookie });
          if (res.status !== 200) {
            missing.push(`${id}: ${res.status}`);
            continue;
          }
          const order = await res.json();
          const expected = acked.get(id)!;
          if (order.items.length !== expected.items || order.total !== expected.total)
            missing.push(
              `${id}: ${order.items.length} items, total ${order.total}; expected ${expected.items} items, ${expected.total}`,
            );
        }
      }),
    );
    await kill(server);
    server = undefined;

    const counts = await checkDataDirectory(path.join(dataDir, "pglite"));
    const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
    console.log(
      `crash test: ${acked.size} acknowledged orders over ${ROUNDS} kills (per round: ${perRound.join(", ")}); ` +
        `statuses ${JSON.stringify(Object.fromEntries(statuses))}; stored: ${JSON.stringify(counts)}; ` +
        `first start ${timings.firstStartMs} ms, restarts avg ${avg(timings.restartMs)} ms (max ${Math.max(...timings.restartMs)} ms), load avg ${avg(timings.loadMs)} ms`,
    );

    expect(missing).toEqual([]);
    // A starved machine may shed some (503, nothing written); anything else would be a bug.
    expect([...statuses.keys()].filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(acked.size).toBeGreaterThan(ROUNDS * 2);
    expect(perRound.filter((n) => n > 0).length).toBeGreaterThan(ROUNDS / 2);
    expect(counts.orders).toBeGreaterThanOrEqual(acked.size);
    expect(counts.product_stock).toBe(PRODUCTS.length);
    // the last kill left its lock behind
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "store.lock"), "utf8"))).toMatchObject({
      pid: expect.any(Number),
    });
  });
});
