// Benchmark 3: orders placed per second by 20 concurrent clients, on PGlite and on PostgreSQL,
// then the count of stored orders next to the count of 201 answers (they must be equal).
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { openPglite, type Database } from "../src/server/db/client.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { listen, onFreshPostgres, rows, writeResult } from "./support.js";

async function orderBody(database: Database) {
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
  const { url, seconds, concurrency, template } = workerData;
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
        headers: { "content-type": "application/json" },
        body: template.replace("PHONE", phone),
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

async function measure(database: Database, label: string, seconds: number) {
  await database.migrate();
  await seedCatalogue(database, 24);
  await database.db.execute(sql`delete from orders`);
  const { app, url } = await listen(database);
  const template = JSON.stringify(await orderBody(database));
  const worker = new Worker(CLIENTS, { eval: true, workerData: { url, seconds, concurrency: 20, template } });
  const [load] = (await once(worker, "message")) as [
    { created: number; refused: number; statuses: Record<string, number>; p99Ms: number },
  ];
  await worker.terminate();
  const [stored] = await rows<{ orders: number; items: number }>(
    database,
    sql`select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items`,
  );
  await app.close();
  return {
    database: label,
    clients: 20,
    seconds,
    ordersPerSecond: Math.round(load.created / seconds),
    answered201: load.created,
    storedOrders: Number(stored.orders),
    storedItems: Number(stored.items),
    equal: load.created === Number(stored.orders),
    refused: load.refused,
    refusedByStatus: load.statuses,
    p99Ms: Math.round(load.p99Ms),
  };
}

export async function benchOrders(seconds = 10) {
  const results = [];
  const lite = await openPglite();
  results.push(await measure(lite, "pglite", seconds));
  await lite.close();

  // As `npm start` runs it: in a data directory on disk.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-pglite-"));
  const onDisk = await openPglite(dataDir);
  results.push(await measure(onDisk, "pglite (data directory)", seconds));
  await onDisk.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const onPostgres = await onFreshPostgres((database) => measure(database, "postgres", seconds));
  if (onPostgres) results.push(onPostgres);

  const result = { orderPlacement: results, target: "pglite ordersPerSecond >= 300; answered201 == storedOrders" };
  writeResult("orders", result);
  return result;
}
