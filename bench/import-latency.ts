// Benchmark (L6, issue 38): the storefront's latency while a 50,000-row settlement sheet is
// imported on the embedded database (PGlite). Shoppers ask, one request after another, for the
// product list (served from the catalogue cache) and their cart (a database read), first with
// nothing else running, then during the import. Reports; asserts nothing.
import { randomUUID } from "node:crypto";
import { openPglite } from "../src/server/db/client.js";
import { IMPORT_BATCH_ROWS } from "../src/server/modules/remittances/import-settlement.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { generate, settlementSheet } from "./remittances.js";
import { adminCookie, listen, writeResult } from "./support.js";

const SHOPPERS = 4;
const BASELINE_MS = 5_000;

interface Sample {
  path: string;
  ms: number;
  status: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;

function summarise(samples: Sample[]) {
  const byPath: Record<string, object> = {};
  for (const path of [...new Set(samples.map((s) => s.path))]) {
    const times = samples
      .filter((s) => s.path === path)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    byPath[path] = {
      requests: times.length,
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
      maxMs: times[times.length - 1],
      non2xx: samples.filter((s) => s.path === path && s.status >= 300).length,
    };
  }
  return byPath;
}

/** Shoppers asking one request after another until `until` resolves. */
async function shop(url: string, until: Promise<unknown>): Promise<Sample[]> {
  let stop = false;
  void until.finally(() => (stop = true));
  const samples: Sample[] = [];
  await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      const session = randomUUID();
      for (let i = 0; !stop; i++) {
        const path = i % 2 ? "/api/cart" : "/api/products";
        const started = performance.now();
        const res = await fetch(`${url}${path}`, { headers: { "x-session-id": session } });
        await res.arrayBuffer();
        samples.push({ path, ms: Math.round((performance.now() - started) * 10) / 10, status: res.status });
      }
    }),
  );
  return samples;
}

export async function benchImportLatency({ orders = Number(process.env.BENCH_ORDERS_PGLITE ?? 100_000) } = {}) {
  const database = await openPglite();
  await database.migrate();
  await seedCatalogue(database);
  await generate(database, orders);
  const { form } = await settlementSheet(database);
  const { app, url } = await listen(database, undefined, { overload: { maxEventLoopDelayMs: 0 } });
  const cookie = await adminCookie(url);
  await fetch(`${url}/api/products`); // the catalogue cache's first fill is not the import's doing

  const baseline = await shop(url, new Promise((resolve) => setTimeout(resolve, BASELINE_MS)));
  const started = performance.now();
  const importing = fetch(`${url}/api/admin/remittances/import`, { method: "POST", headers: { cookie }, body: form() });
  const during = await shop(url, importing);
  const res = await importing;
  const answer = await res.json();
  const importMs = Math.round(performance.now() - started);
  await app.close();
  await database.close();

  const result = {
    database: "pglite",
    orders,
    batchRows: IMPORT_BATCH_ROWS,
    import: { status: res.status, answer, ms: importMs },
    baseline: summarise(baseline),
    duringImport: summarise(during),
    note:
      `${SHOPPERS} shoppers in the benchmark's process beside the server (loopback, no think time); ` +
      "p99 over every request of the phase; measured on a 2-core machine shared with other work",
  };
  writeResult("import-latency", result);
  return result;
}
