#!/usr/bin/env node
// What a shopper's browser sees on a first visit: Largest Contentful Paint, First Contentful Paint,
// requests and bytes, for any store's pages, in a fresh Chromium profile each time (cold cache),
// once unthrottled on a desktop viewport and once as a cheap phone on a slow network (1.6 Mbps
// down, 750 kbps up, 150 ms RTT, 4x CPU slowdown, 412x823), through Chromium's DevTools
// emulation. Prints one JSON object. Compare two stores by running it for each in turn, several
// rounds interleaved (A, B, A, B, ...), and comparing medians: absolute times move with the
// machine, ratios measured in one run hold.
//
//   node lcp.mjs BASE_URL PATH [PATH ...]
//   e.g. node bench/lcp.mjs http://127.0.0.1:3000 / /shop /product/7
// Needs playwright-core (resolved from the current folder's node_modules) and Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium). LCP_RUNS=n measures each page n times (medians).
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const { chromium } = createRequire(join(process.cwd(), "noop.js"))("playwright-core");
const [base, ...paths] = process.argv.slice(2);
if (!base || !paths.length) {
  console.error("usage: node lcp.mjs BASE_URL PATH [PATH ...]");
  process.exit(2);
}
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const RUNS = Math.max(1, Number(process.env.LCP_RUNS) || 1);
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const PROFILES = {
  desktop: { viewport: { width: 1366, height: 900 }, mobile: false, net: null },
  phone: {
    viewport: { width: 412, height: 823 },
    mobile: true,
    net: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750, cpuRate: 4 },
  },
};

function observe() {
  window.__paint = { lcp: null, fcp: null };
  new PerformanceObserver((l) => {
    const e = l.getEntries().at(-1);
    if (e)
      window.__paint.lcp = {
        ms: Math.round(e.startTime),
        element: e.element ? e.element.tagName.toLowerCase() : null,
        url: e.url || null,
      };
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries())
      if (e.name === "first-contentful-paint") window.__paint.fcp = Math.round(e.startTime);
  }).observe({ type: "paint", buffered: true });
}

async function measure(path, p) {
  const dir = mkdtempSync(join(tmpdir(), "lcp-profile-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: p.viewport,
    isMobile: p.mobile,
    timeout: 60_000,
  });
  try {
    await context.addInitScript(observe);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    if (p.net) {
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: p.net.latency,
        downloadThroughput: p.net.downloadThroughput,
        uploadThroughput: p.net.uploadThroughput,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: p.net.cpuRate });
    }
    const reqs = new Map();
    let last = Date.now();
    cdp.on("Network.requestWillBeSent", (e) => {
      last = Date.now();
      if (!reqs.has(e.requestId)) reqs.set(e.requestId, { type: e.type || "Other", bytes: 0, done: false });
    });
    cdp.on("Network.loadingFinished", (e) => {
      last = Date.now();
      const r = reqs.get(e.requestId);
      if (r) Object.assign(r, { bytes: e.encodedDataLength, done: true });
    });
    cdp.on("Network.loadingFailed", (e) => {
      last = Date.now();
      const r = reqs.get(e.requestId);
      if (r) r.done = true;
    });
    await page.goto(base.replace(/\/+$/, "") + path, { waitUntil: "load", timeout: 120_000 });
    const quiet = p.net ? 3000 : 1500;
    const cap = Date.now() + 60_000;
    while (Date.now() < cap && ([...reqs.values()].some((r) => !r.done) || Date.now() - last < quiet))
      await new Promise((r) => setTimeout(r, 200));
    const paint = await page.evaluate(() => window.__paint);
    const all = [...reqs.values()];
    const js = all.filter((r) => r.type === "Script");
    return {
      lcpMs: paint?.lcp?.ms ?? null,
      lcpElement: paint?.lcp ?? null,
      fcpMs: paint?.fcp ?? null,
      requests: all.length,
      kb: Math.round(all.reduce((s, r) => s + r.bytes, 0) / 1024),
      jsRequests: js.length,
      jsKb: Math.round(js.reduce((s, r) => s + r.bytes, 0) / 1024),
    };
  } finally {
    await context.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null;
};
const out = { base, when: new Date().toISOString(), runs: RUNS, results: {} };
for (const [name, p] of Object.entries(PROFILES)) {
  for (const path of paths) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(path, p));
    out.results[`${name} ${path}`] = {
      lcpMs: median(runs.map((r) => r.lcpMs)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      runs,
    };
  }
}
console.log(JSON.stringify(out, null, 2));
