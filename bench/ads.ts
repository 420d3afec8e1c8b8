// Benchmark: ads that learn from real buyers (issue 28). `npm run bench -- ads`.
// 1. The product feed of 10,000 products × 6 variants (3 sizes × 2 colours, half of them counting
//    stock): time to the first byte and to the last, bytes, items, and the server process's peak
//    memory above what it held before the request (sampled every 10 ms; the server runs in this
//    process, so the figure is the feed's whole cost). The first round builds it; the others are
//    served the kept feed (decision 037; `npm run bench -- feed` measures both at 100,000).
// 2. Order placement with the Conversions API on ÷ off (the Purchase is recorded later, at
//    confirmation; placement only keeps the checkout's cookies).
// 3. The storefront with Meta's pixel on ÷ off: each page's initial JavaScript (from the HTML the
//    server sends) and its phone LCP (bench/first-visit.ts, fresh Chromium profile per load, the
//    medians of BENCH_ADS_RUNS rounds, default 3). The pixel's script comes from a local fake of
//    Meta (never the internet), so the figure is the store's own cost of the pixel.
// Reports; asserts nothing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/client.js";
import { FakeMeta, testMetaAdsConfig } from "../src/server/test/fakes/meta-fake.js";
import { findChromium } from "../e2e/support/chromium.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { seedFeedCatalogue } from "./feed.js";
import { firstVisit, median, PHONE } from "./first-visit.js";
import { initialJsOf } from "./initial-js.js";
import { orderBody, placeOrdersAt } from "./orders.js";
import { listen, machine, ratio, rows, writeResult } from "./support.js";

const PRODUCTS = Number(process.env.BENCH_FEED_PRODUCTS ?? 10_000) || 10_000;

async function benchFeed() {
  const database = await openPglite();
  await database.migrate();
  const n = await seedFeedCatalogue(database, PRODUCTS);
  const { app, url } = await listen(database, undefined, {
    publicUrl: "https://shop.example.pk",
    overload: { maxEventLoopDelayMs: 0 },
  });

  const runs = [];
  for (let round = 0; round < 3; round++) {
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 10);
    const started = performance.now();
    const res = await fetch(`${url}/feeds/products.xml`);
    let firstByteMs = 0;
    let bytes = 0;
    let items = 0;
    let tail = "";
    const decoder = new TextDecoder();
    for await (const chunk of res.body! as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      const text = tail + decoder.decode(chunk, { stream: true });
      items += text.split("<item>").length - 1;
      tail = text.slice(-5);
    }
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    runs.push({
      firstByteMs: Math.round(firstByteMs),
      totalMs: Math.round(totalMs),
      megabytes: Math.round((bytes / 2 ** 20) * 10) / 10,
      items,
      peakRssAboveStartMiB: Math.round((peakRss - base.rss) / 2 ** 20),
      peakHeapAboveStartMiB: Math.round((peakHeap - base.heapUsed) / 2 ** 20),
    });
  }
  // An unchanged feed asked again with its ETag: the poll a catalogue makes.
  let t0 = performance.now();
  const head = await fetch(`${url}/feeds/products.xml`, { method: "HEAD" });
  const headMs = Math.round(performance.now() - t0);
  const etag = head.headers.get("etag")!;
  t0 = performance.now();
  const notModified = await fetch(`${url}/feeds/products.xml`, { headers: { "if-none-match": etag } });
  const notModifiedMs = Math.round(performance.now() - t0);
  await app.close();
  await database.close();
  return {
    products: Number(n),
    variantsEach: 6,
    runs,
    notModified: { status: notModified.status, ms: notModifiedMs },
    headMs,
  };
}

async function benchPixel() {
  if (!findChromium()) return { skipped: "no Chromium (set CHROMIUM_PATH)", pages: undefined };
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-ads-"));
  const clientDir = path.join(buildDir, "client");
  execFileSync("npx", ["vite", "build", "--outDir", clientDir, "--logLevel", "warn"], { stdio: "inherit" });
  execFileSync("npx", ["vite", "build", "--ssr", "--outDir", path.join(buildDir, "server"), "--logLevel", "warn"], {
    stdio: "inherit",
  });
  const fake = await new FakeMeta().start();
  const database = await openPglite();
  await database.migrate();
  await seedCatalogue(database, 200);
  const off = await listen(database, clientDir);
  const on = await listen(database, clientDir, { metaAds: testMetaAdsConfig(fake) });
  const [product] = await rows<{ handle: string }>(
    database,
    sql`select handle from products where images <> '[]'::jsonb order by id limit 1`,
  );
  const pages = ["/", "/shop", `/products/${product.handle}`];
  for (const store of [off, on]) for (const p of pages) await (await fetch(`${store.url}${p}`)).text();
  const rounds = Math.max(1, Number(process.env.BENCH_ADS_RUNS ?? 3) || 3);
  const results = [];
  for (const page of pages) {
    const lcp = { on: [] as (number | null)[], off: [] as (number | null)[] };
    for (let r = 0; r < rounds; r++) {
      lcp.off.push((await firstVisit(`${off.url}${page}`, PHONE)).lcpMs);
      lcp.on.push((await firstVisit(`${on.url}${page}`, PHONE)).lcpMs);
    }
    const js = async (url: string) => initialJsOf(clientDir, await (await fetch(url)).text()).gzipBytes;
    const jsOn = await js(`${on.url}${page}`);
    const jsOff = await js(`${off.url}${page}`);
    const lcpOn = median(lcp.on);
    const lcpOff = median(lcp.off);
    results.push({
      page,
      initialJsGzipBytes: { on: jsOn, off: jsOff, onOverOff: ratio(jsOn, jsOff) },
      phoneLcpMs: { on: lcpOn, off: lcpOff, onOverOff: lcpOn && lcpOff ? ratio(lcpOn, lcpOff) : null, runs: lcp },
      pixelEventsReceived: fake.pixelHits.length,
    });
  }
  await on.app.close();
  await off.app.close();
  await database.close();
  await fake.stop();
  fs.rmSync(buildDir, { recursive: true, force: true });
  return { conditions: PHONE.conditions, rounds, pages: results };
}

/**
 * Orders per second (20 clients, bench/orders.ts's load) with the Conversions API on ÷ off, on
 * PGlite, in alternating windows: with it on, the placement statement also keeps the checkout's
 * cookies and browser (order_ad_context); the event itself is recorded at confirmation, later.
 */
async function benchPlacement() {
  const seconds = Math.max(3, Number(process.env.BENCH_ADS_PLACEMENT_SECONDS ?? 15) || 15);
  const fake = await new FakeMeta().start();
  const setUp = async (metaAds?: ReturnType<typeof testMetaAdsConfig>) => {
    const database = await openPglite();
    await database.migrate();
    await seedCatalogue(database, 24);
    const { app, url } = await listen(database, undefined, { trustProxy: 1, metaAds });
    return { database, app, url, template: JSON.stringify(await orderBody(database)), created: 0 };
  };
  const on = await setUp(testMetaAdsConfig(fake));
  const off = await setUp();
  const windows = 3;
  for (let w = 0; w < windows; w++)
    for (const target of w % 2 ? [on, off] : [off, on])
      target.created += (await placeOrdersAt(target.url, target.template, seconds / windows)).created;
  const [kept] = await rows<{ n: number }>(on.database, sql`select count(*)::int as n from order_ad_context`);
  for (const target of [on, off]) {
    await target.app.close();
    await target.database.close();
  }
  await fake.stop();
  const perSecond = (n: number) => Math.round(n / seconds);
  return {
    seconds,
    clients: 20,
    ordersPerSecond: { on: perSecond(on.created), off: perSecond(off.created) },
    onOverOff: ratio(on.created, off.created),
    adContextRows: Number(kept.n),
  };
}

export async function benchAds() {
  const feed = await benchFeed();
  for (const r of feed.runs)
    console.log(
      `feed: ${feed.products} products, ${r.items} items, ${r.megabytes} MB: first byte ${r.firstByteMs} ms, ` +
        `all ${r.totalMs} ms, peak +${r.peakRssAboveStartMiB} MiB RSS (+${r.peakHeapAboveStartMiB} MiB heap)`,
    );
  const placement = await benchPlacement();
  console.log(
    `placement (PGlite, 20 clients): ${placement.ordersPerSecond.on} orders/s with the Conversions API on, ${placement.ordersPerSecond.off} off = ${placement.onOverOff}`,
  );
  const pixel = await benchPixel();
  if (pixel.pages)
    for (const p of pixel.pages)
      console.log(
        `${p.page.padEnd(16)} initial JS on/off ${p.initialJsGzipBytes.onOverOff}, phone LCP on ${p.phoneLcpMs.on} ms ÷ off ${p.phoneLcpMs.off} ms = ${p.phoneLcpMs.onOverOff}`,
      );
  const result = {
    machine: machine(),
    note: "measured on a 2-core machine shared with other work; figures vary from run to run",
    feed,
    placement,
    pixel,
  };
  writeResult("ads", result);
  return result;
}
