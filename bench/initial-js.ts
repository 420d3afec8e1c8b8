// The initial JavaScript of each storefront page, from the build: what the page's HTML loads
// before anything else runs (the entry script and every modulepreload), gzip. Deterministic: no
// browser, no timing. `npm run bench -- initial-js` builds the client into a temporary folder
// (or reads INITIAL_JS_DIR, a built dist/client) and prints each page's files and total.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { matchRoute } from "../src/client/app/route-table.js";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "../src/server/db/demo/catalog.js";
import { pageAssembler } from "../src/server/plugins/page-preloads.js";
import { collectionPath, handleFrom, productPath } from "../src/shared/catalogue/handles.js";
import { writeResult } from "./support.js";

/**
 * The storefront pages the targets name, at their own addresses (decision 039): the demo
 * store's first collection and first product, whose handle the seed's insert trigger makes from
 * its name by the app's rule (a product page's chunks do not depend on which product it is).
 */
export const STOREFRONT_PAGES = [
  "/",
  "/shop",
  collectionPath(DEMO_CATEGORIES[0].slug),
  productPath({ handle: handleFrom(DEMO_PRODUCTS[0].name) }),
];

export const INITIAL_JS_TARGET_BYTES = 120 * 1024;

/** A built file's gzip size: the build's .gz beside it, else gzipped here (small files have none). */
export function gzipSize(clientDir: string, urlPath: string): number {
  const file = path.join(clientDir, urlPath);
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** The script files a page's HTML loads at once (module scripts and modulepreloads), with their gzip sizes. */
export function initialJsOf(clientDir: string, html: string) {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const script = /^<script\b/.test(tag) && /\btype="module"/.test(tag) && /\bsrc="([^"]+)"/.exec(tag);
    const preload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag) && /\bhref="([^"]+)"/.exec(tag);
    const url = (script || preload || undefined)?.[1];
    if (url?.startsWith("/")) urls.add(url);
  }
  const files = [...urls].map((url) => ({ file: path.basename(url), gzipBytes: gzipSize(clientDir, url) }));
  return { gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), files };
}

/** Each storefront page's initial JS, from the page the server assembles for it. */
export function storefrontInitialJs(clientDir: string) {
  const assemble = pageAssembler(clientDir, fs.readFileSync(path.join(clientDir, "index.html")));
  return STOREFRONT_PAGES.map((page) => {
    const { route } = matchRoute(page);
    // An address no route has would measure the not-found page instead.
    if (route.path === "*") throw new Error(`${page} is no storefront page's address`);
    const html = assemble({ module: route.module, head: "", body: "", state: "" });
    return { page, ...initialJsOf(clientDir, html) };
  });
}

export async function benchInitialJs() {
  let clientDir = process.env.INITIAL_JS_DIR;
  let buildDir: string | undefined;
  if (!clientDir) {
    buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-initial-js-"));
    clientDir = path.join(buildDir, "client");
    execFileSync("npx", ["vite", "build", "--outDir", clientDir, "--logLevel", "warn"], { stdio: "inherit" });
  }
  const pages = storefrontInitialJs(clientDir);
  for (const { page, gzipBytes, files } of pages) {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `${page.padEnd(20)} ${kb(gzipBytes).padStart(9)}  ${gzipBytes <= INITIAL_JS_TARGET_BYTES ? "met" : "MISSED"}`,
    );
    for (const f of files) console.log(`    ${kb(f.gzipBytes).padStart(9)}  ${f.file}`);
  }
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
  const result = { target: "initial JS <= 120 KB gzip on every storefront page", pages };
  writeResult("initial-js", result);
  return result;
}
