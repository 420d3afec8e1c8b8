// A shopper's first visit to one page of any store: the one implementation of the method, used by
// the storefront benchmark and by the command-line `bench/lcp.ts` (issue 30, decision 033;
// `../shared/perf/lcp.mjs`, outside the repository, is a copy that must keep agreeing): a fresh Chromium profile for every load (cold
// HTTP cache, cold browser), Chromium's DevTools emulation of a cheap phone on a slow network or an
// unthrottled desktop, and the page's paints read once the network has been quiet for a while.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { findChromium } from "../e2e/support/chromium.js";
import { machineBusyNow, waitForQuietMachine } from "./machine-quiet.js";

export interface VisitProfile {
  name: "phone" | "desktop";
  conditions: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  /** DevTools network and CPU emulation; none on the desktop. */
  throttle?: { latency: number; downloadThroughput: number; uploadThroughput: number; cpuRate: number };
  /** How long the network must be quiet before the paints are read. */
  quietMs: number;
}

export const PHONE: VisitProfile = {
  name: "phone",
  conditions:
    "412x823 phone, 1.6 Mbps down, 750 kbps up, 150 ms RTT, 4x CPU slowdown (DevTools emulation), fresh profile",
  viewport: { width: 412, height: 823 },
  mobile: true,
  throttle: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750, cpuRate: 4 },
  quietMs: 3000,
};

export const DESKTOP: VisitProfile = {
  name: "desktop",
  conditions: "1366x900 desktop, unthrottled (loopback, the machine's CPU), fresh profile",
  viewport: { width: 1366, height: 900 },
  mobile: false,
  quietMs: 1500,
};

/** The flags Chromium is launched with (the same in ../shared/perf/lcp.mjs). */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const OBSERVERS = `
  window.__paint = { lcp: null, fcp: null, entries: [], cls: 0, shifts: [] };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { const element = e.element ? e.element.tagName.toLowerCase() : "(removed)"; window.__paint.lcp = { ms: Math.round(e.startTime), element, url: e.url || null }; window.__paint.entries.push(Math.round(e.startTime) + "ms " + element + (e.url ? " " + new URL(e.url).pathname : "") + " " + e.size + " px²"); } }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === "first-contentful-paint") window.__paint.fcp = Math.round(e.startTime); }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) { window.__paint.cls += e.value; window.__paint.shifts.push(Math.round(e.value * 1000) / 1000 + " @" + Math.round(e.startTime) + "ms"); } }).observe({ type: "layout-shift", buffered: true });
`;

export interface Visit {
  lcpMs: number | null;
  lcpElement: string | null;
  /** Every LCP candidate, in order: more than one means a later, larger paint. */
  lcpEntries: string[];
  fcpMs: number | null;
  cls: number;
  layoutShifts: string[];
  requests: number;
  kb: number;
  jsRequests: number;
  jsKb: number;
  /** What the HTML and the requests started before the first paint took, start-end in ms. */
  beforeFirstPaint: string[];
  /** How busy the machine's CPU was (0–1, all cores) just before the load, waited for or not (machine-quiet.ts). */
  machineBusy: number;
  /**
   * When a tap is first handled: the page's `app-started` mark, set once the app has hydrated it
   * (a tap before then is kept and answered at that moment: decision 050). Null for a store
   * without the mark (a peer).
   */
  firstClickHandledMs: number | null;
}

/** Loads `url` once in a fresh profile under `profile` and reads its paints and downloads. */
export async function firstVisit(
  url: string,
  profile: VisitProfile,
  { waitForQuiet = true }: { waitForQuiet?: boolean } = {},
): Promise<Visit> {
  const machineBusy = await (waitForQuiet ? waitForQuietMachine() : machineBusyNow());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-visit-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: findChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: profile.viewport,
    isMobile: profile.mobile,
    timeout: 60_000,
  });
  try {
    await context.addInitScript(OBSERVERS);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    if (profile.throttle) {
      const { latency, downloadThroughput, uploadThroughput, cpuRate } = profile.throttle;
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency,
        downloadThroughput,
        uploadThroughput,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    }
    const requests = new Map<string, { type: string; bytes: number; done: boolean }>();
    let last = Date.now();
    cdp.on("Network.requestWillBeSent", (e) => {
      last = Date.now();
      if (!requests.has(e.requestId)) requests.set(e.requestId, { type: e.type ?? "Other", bytes: 0, done: false });
    });
    cdp.on("Network.loadingFinished", (e) => {
      last = Date.now();
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { bytes: e.encodedDataLength, done: true });
    });
    cdp.on("Network.loadingFailed", (e) => {
      last = Date.now();
      const r = requests.get(e.requestId);
      if (r) r.done = true;
    });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    const cap = Date.now() + 60_000;
    while (Date.now() < cap && ([...requests.values()].some((r) => !r.done) || Date.now() - last < profile.quietMs))
      await new Promise((resolve) => setTimeout(resolve, 200));
    const paint = await page.evaluate(() => {
      const w = window as unknown as {
        __paint: {
          lcp: { ms: number; element: string } | null;
          fcp: number | null;
          entries: string[];
          cls: number;
          shifts: string[];
        };
      };
      const fcp = w.__paint.fcp ?? Infinity;
      const html = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const early = performance
        .getEntriesByType("resource")
        .map((r) => r as PerformanceResourceTiming)
        .filter((r) => r.startTime < fcp)
        .map(
          (r) =>
            `${new URL(r.name).pathname.split("/").pop()} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}ms`,
        );
      const started = performance.getEntriesByName("app-started")[0];
      return {
        ...w.__paint,
        before: [`html 0-${Math.round(html?.responseEnd ?? 0)}ms`, ...early],
        started: started ? Math.round(started.startTime) : null,
      };
    });
    const all = [...requests.values()];
    const js = all.filter((r) => r.type === "Script");
    const kb = (rs: typeof all) => Math.round(rs.reduce((sum, r) => sum + r.bytes, 0) / 1024);
    return {
      lcpMs: paint.lcp?.ms ?? null,
      lcpElement: paint.lcp?.element ?? null,
      lcpEntries: paint.entries,
      fcpMs: paint.fcp,
      cls: Math.round(paint.cls * 1000) / 1000,
      layoutShifts: paint.shifts,
      requests: all.length,
      kb: kb(all),
      jsRequests: js.length,
      jsKb: kb(js),
      beforeFirstPaint: paint.before,
      machineBusy,
      firstClickHandledMs: paint.started,
    };
  } finally {
    await context.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The median of the values present (the lower middle one of an even count, as ../shared/perf/lcp.mjs takes it). */
export function median(values: (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
}
