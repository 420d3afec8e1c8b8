// The storefront benchmark's store, left running: this checkout built as it ships, on issue 11's
// generated catalogue in an in-memory PGlite, its pages warmed as the benchmark warms its own.
// It prints PEER_URL and PEER_PAGES for a same-run comparison of two commits: run it in a
// worktree of the commit before a change, and the benchmark in this one with those two set
// (docs/performance.md, "Comparing two commits in one run"). Stop it with Ctrl-C.
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/client.js";
import { seedStorefrontCatalogue } from "./storefront-catalogue.js";
import { buildStorefront } from "./storefront-build.js";
import { listen, rows } from "./support.js";

const clientDir = buildStorefront();
const database = await openPglite();
await database.migrate();
const { largestCategory } = await seedStorefrontCatalogue(database);
const { url } = await listen(database, clientDir);
const [product] = await rows<{ handle: string }>(
  database,
  sql`select handle from products where images <> '[]'::jsonb order by created_at desc limit 1`,
);
const pages = ["/", "/shop", `/collections/${largestCategory}`, `/products/${product.handle}`];
// Twice each: a page asked for again is kept strongly compressed, as the benchmark's own are.
for (let i = 0; i < 2; i++)
  for (const page of pages) await (await fetch(`${url}${page}`, { headers: { "accept-encoding": "br" } })).text();
console.log(`PEER_URL=${url} PEER_PAGES=${pages.join(",")}`);
