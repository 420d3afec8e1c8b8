// What a shopper's browser sees on a first visit to any store's pages, from outside: the
// storefront benchmark's own method (first-visit.ts: a fresh Chromium profile per load, the phone
// and desktop profiles, LCP, FCP, CLS, requests and bytes, what started before the first paint),
// run from the command line against any address. Prints one JSON object. Compare two stores by
// running it for each in turn, several rounds interleaved, and comparing medians: absolute times
// move with the machine, ratios measured in one run hold.
//
//   npx tsx bench/lcp.ts BASE_URL PATH [PATH ...]
//   e.g. LCP_RUNS=3 npx tsx bench/lcp.ts http://127.0.0.1:3000 / /shop /product/7
//
// LCP_RUNS=n measures each page n times (medians). Unlike the benchmark, a load does not wait for
// a quiet machine unless LCP_WAIT_QUIET=1 (the issue's ../shared/perf/lcp.mjs never waits; it is a
// copy kept outside the repository for peers, and agrees with this one: same flags, profiles,
// observers and median).
import { DESKTOP, firstVisit, median, PHONE, type Visit } from "./first-visit.js";

const [base, ...paths] = process.argv.slice(2);
if (!base || !paths.length) {
  console.error("usage: npx tsx bench/lcp.ts BASE_URL PATH [PATH ...]");
  process.exit(2);
}
const runs = Math.max(1, Number(process.env.LCP_RUNS) || 1);
const waitForQuiet = process.env.LCP_WAIT_QUIET === "1";

const out: {
  base: string;
  when: string;
  runs: number;
  results: Record<string, { lcpMs: number | null; fcpMs: number | null; runs: Visit[] }>;
} = { base, when: new Date().toISOString(), runs, results: {} };
for (const profile of [DESKTOP, PHONE]) {
  for (const path of paths) {
    const visits: Visit[] = [];
    for (let i = 0; i < runs; i++)
      visits.push(await firstVisit(base.replace(/\/+$/, "") + path, profile, { waitForQuiet }));
    out.results[`${profile.name} ${path}`] = {
      lcpMs: median(visits.map((v) => v.lcpMs)),
      fcpMs: median(visits.map((v) => v.fcpMs)),
      runs: visits,
    };
  }
}
console.log(JSON.stringify(out, null, 2));
