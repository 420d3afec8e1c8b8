// Benchmark: the product feed at 100,000 products (issue 38 L5). `npm run bench -- feed`.
// The catalogue is filled by bulk SQL (bench/catalogue-fixture.ts), each product with 6 variants
// (3 sizes × 2 colours, half of them counting stock), as bench/ads.ts's feed. Reports:
// - the build: a cold request (nothing kept), to its first and last byte; the feed is sent gzipped
//   as it is built and kept, so the last byte is the build's time; its bytes gzipped and plain; the
//   server process's peak memory above what it held before (sampled every 10 ms; the server runs
//   in this process, so the figure is the build's whole cost);
// - serving what was kept: gzipped (what catalogues ask for), plain (unzipped as it is sent), and
//   the 304 to its ETag, each the median of a few requests.
// BENCH_FEED_PRODUCTS changes the size. Reports; asserts nothing.
import http from "node:http";
import { sql } from "drizzle-orm";
import { openPglite, type Database } from "../src/server/db/client.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { median } from "./first-visit.js";
import { listen, machine, rows, writeResult } from "./support.js";

const PRODUCTS = Number(process.env.BENCH_FEED_PRODUCTS ?? 100_000) || 100_000;
const SERVES = 5;

/** `count` products of 6 variants each; every other one counts its stock, one variant of it sold out. */
export async function seedFeedCatalogue(database: Database, count: number): Promise<number> {
  await seedCatalogue(database, count);
  await database.db.execute(sql`update products set sizes = '{S,M,L}', colors = '{Red,Blue}',
    color_variant_stock = '{}'::jsonb, track_stock = (id % 2 = 0)`);
  await database.db.execute(sql`insert into product_stock (product_id, size, color, quantity)
    select p.id, s, c, case when s = 'L' and c = 'Blue' then 0 else 7 end
    from products p cross join unnest('{S,M,L}'::text[]) s cross join unnest('{Red,Blue}'::text[]) c
    where p.track_stock on conflict do nothing`);
  const [{ n }] = await rows<{ n: number }>(database, sql`select count(*)::int as n from products`);
  return Number(n);
}

/** Peak RSS and heap above the start, sampled while `work` runs. */
async function withPeakMemory<T>(work: () => Promise<T>) {
  global.gc?.();
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 10);
  try {
    const result = await work();
    return {
      result,
      peakRssAboveStartMiB: Math.round((rss - base.rss) / 2 ** 20),
      peakHeapAboveStartMiB: Math.round((heap - base.heapUsed) / 2 ** 20),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The feed's plain size and items, counted as fetch unzips it (never held whole). */
async function plainBytesOf(url: string): Promise<{ bytes: number; items: number }> {
  const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  let bytes = 0;
  let items = 0;
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    const text = tail + decoder.decode(chunk, { stream: true });
    items += text.split("<item>").length - 1;
    tail = text.slice(-5);
  }
  return { bytes, items };
}

export async function benchFeed100k() {
  const database = await openPglite();
  await database.migrate();
  const t0 = performance.now();
  const products = await seedFeedCatalogue(database, PRODUCTS);
  const fillSeconds = Math.round((performance.now() - t0) / 100) / 10;
  const { app, url } = await listen(database, undefined, {
    publicUrl: "https://shop.example.pk",
    overload: { maxEventLoopDelayMs: 0 },
  });
  const feedUrl = `${url}/feeds/products.xml`;

  const gzipped = { "accept-encoding": "gzip" };
  const cold = await withPeakMemory(() => rawGet(feedUrl, gzipped));
  const plain = await plainBytesOf(feedUrl);
  const keptGzip: number[] = [];
  for (let n = 0; n < SERVES; n++) keptGzip.push((await rawGet(feedUrl, gzipped)).ms);
  const keptPlain: number[] = [];
  for (let n = 0; n < 3; n++) keptPlain.push((await rawGet(feedUrl, {})).ms);
  const notModified: number[] = [];
  for (let n = 0; n < SERVES; n++) notModified.push((await rawGet(feedUrl, { "if-none-match": cold.result.etag! })).ms);
  await app.close();
  await database.close();

  const result = {
    machine: machine(),
    note: "measured on a 2-core machine shared with other work; figures vary from run to run",
    products,
    variantsEach: 6,
    items: plain.items,
    fillSeconds,
    build: {
      status: cold.result.status,
      firstByteMs: cold.result.firstByteMs,
      ms: cold.result.ms,
      gzipMegabytes: Math.round((cold.result.bytes / 2 ** 20) * 10) / 10,
      plainMegabytes: Math.round((plain.bytes / 2 ** 20) * 10) / 10,
      peakRssAboveStartMiB: cold.peakRssAboveStartMiB,
      peakHeapAboveStartMiB: cold.peakHeapAboveStartMiB,
    },
    keptServeMs: {
      gzip: median(keptGzip),
      plain: median(keptPlain),
      notModified: median(notModified),
      runs: { gzip: keptGzip, plain: keptPlain, notModified },
    },
  };
  console.log(
    `feed: ${products} products, ${plain.items} items; built in ${result.build.ms} ms, ` +
      `${result.build.gzipMegabytes} MB gzipped (${result.build.plainMegabytes} MB plain), ` +
      `peak +${result.build.peakRssAboveStartMiB} MiB RSS; kept: gzip ${result.keptServeMs.gzip} ms, ` +
      `plain ${result.keptServeMs.plain} ms, 304 ${result.keptServeMs.notModified} ms`,
  );
  writeResult("feed", result);
  return result;
}

/** A GET read as sent (node's http, which unzips nothing, unlike fetch), to its last byte. */
function rawGet(url: string, headers: Record<string, string>) {
  const started = performance.now();
  return new Promise<{ status: number; firstByteMs: number; ms: number; bytes: number; etag: string | null }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          let bytes = 0;
          let firstByteMs = 0;
          res.on("data", (chunk: Buffer) => {
            if (bytes === 0) firstByteMs = Math.round(performance.now() - started);
            bytes += chunk.length;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              firstByteMs,
              ms: Math.round(performance.now() - started),
              bytes,
              etag: (res.headers.etag as string | undefined) ?? null,
            }),
          );
          res.on("error", reject);
        })
        .on("error", reject);
    },
  );
}
