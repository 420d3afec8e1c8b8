import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageAssembler } from "./page-preloads.js";

function clientDirWith(manifest: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preloads-"));
  fs.mkdirSync(path.join(dir, ".vite"));
  fs.writeFileSync(path.join(dir, ".vite/manifest.json"), JSON.stringify(manifest));
  return dir;
}

// As the build writes it (vite.config.ts, decision 050): the page's small entry script, and the
// app's entry (start.tsx) whose chunk the routes' chunks import.
const manifest = {
  "index.html": {
    file: "assets/index-1.js",
    imports: ["_polyfill-1.js"],
    assets: ["assets/inter-latin-wght-normal-1.woff2", "assets/playfair-display-latin-600-normal-1.woff2"],
  },
  "_polyfill-1.js": { file: "assets/polyfill-1.js" },
  "start.tsx": { file: "assets/start-1.js", isEntry: true, imports: ["_api-1.js"] },
  "_api-1.js": { file: "assets/api-1.js" },
  "_grid-1.js": { file: "assets/grid-1.js", imports: ["_api-1.js"] },
  "app/routes/home.tsx": { file: "assets/home-1.js", imports: ["start.tsx", "_grid-1.js"] },
  "app/routes/product.tsx": { file: "assets/product-1.js", imports: ["start.tsx", "_grid-1.js"] },
};
const html = Buffer.from(
  '<html><head><meta name="viewport" content="width=device-width"><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/polyfill-1.js"><link rel="stylesheet" href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
);
const clientDir = clientDirWith(manifest);
fs.mkdirSync(path.join(clientDir, "assets"));
fs.writeFileSync(
  path.join(clientDir, "assets/index-1.css"),
  "body{color:red}.grid{display:grid}.flex{display:flex}/* </style> */" +
    '@font-face{font-family:"Playfair Display";src:url(/assets/playfair-1.woff2) format("woff2")}',
);
const assemble = pageAssembler(clientDir, html);
const image = {
  id: "new",
  url: "/api/images/new",
  filename: "new.webp",
  mimeType: "image/webp",
  width: 800,
  height: 1067,
  edgeColor: "#fff",
};

describe("pageAssembler", () => {
  it("names the app's script and preloads the app's and the page's own chunks, not what the entry already loads", () => {
    const page = assemble({ module: "app/routes/home.tsx", head: "", body: "", state: "" });
    expect(page).toContain('<script type="module" crossorigin src="/assets/start-1.js"></script>');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(page).toContain('href="/assets/grid-1.js"');
    expect(page.match(/index-1\.js/g)).toHaveLength(1);
    expect(page.match(/start-1\.js/g)).toHaveLength(1);
    expect(page.match(/api-1\.js/g)).toHaveLength(1);
    expect(page.match(/polyfill-1\.js/g)).toHaveLength(1);
  });

  it("holds a rendered page's app scripts and whole stylesheet in an inert template, for its entry script to add once painted", () => {
    const page = assemble({ module: "app/routes/home.tsx", head: "", body: "<main>hi</main>", state: "" });
    const template = /<template id="page-scripts">(.*?)<\/template>/.exec(page)?.[1] ?? "";
    expect(template).toContain(
      '<script type="module" crossorigin fetchpriority="low" src="/assets/start-1.js"></script>',
    );
    // Its preload, which the entry script adds before the script itself (decision 054).
    expect(template).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/start-1.js">');
    for (const chunk of ["home-1.js", "grid-1.js", "api-1.js", "index-1.css"]) expect(template).toContain(chunk);
    const outside = page.replace(template, "");
    // Outside it, only the entry script (and what it imports): nothing of the app's.
    expect(outside.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" crossorigin fetchpriority="low" src="/assets/index-1.js">',
    ]);
    expect(outside).not.toMatch(/start-1|home-1|grid-1|api-1|index-1\.css/);
  });

  it("asks for a rendered page's scripts at low priority, and for a page the browser renders at the default", () => {
    const rendered = assemble({ module: "app/routes/home.tsx", head: "", body: "<main>hi</main>", state: "" });
    const scripts = rendered.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
    // The entry and its import; the app's script and its preload (decision 054), its import and
    // the route's two chunks.
    expect(scripts).toHaveLength(7);
    for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
    // The largest picture keeps its priority.
    expect(rendered).not.toMatch(/rel="preload" as="image"[^>]*fetchpriority="low"/);

    const admin = assemble({ module: "app/routes/home.tsx", head: "", body: "", state: "" });
    expect(admin).not.toContain('fetchpriority="low"');
  });

  it("preloads the headings' font, and no other, only in a page the browser renders", () => {
    const page = assemble({ module: "app/routes/product.tsx", head: "", body: "", state: "" });
    expect(page).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/playfair-display-latin-600-normal-1.woff2">',
    );
    expect(page).not.toContain("inter-latin");
    // Chrome holds the first frame for a preloaded font (its render-blocking fonts); a rendered
    // page paints its headings in the adjusted fallback instead (decision 048).
    const rendered = assemble({ module: "app/routes/product.tsx", head: "", body: "<main>hi</main>", state: "" });
    expect(rendered).not.toContain('as="font"');
  });

  it("preloads the largest picture first, right after the viewport meta, with its srcset and sizes", () => {
    const page = assemble({
      module: "app/routes/product.tsx",
      head: "<title>x</title>",
      body: "",
      state: "",
      largest: { image, sizes: "90vw" },
    });
    expect(page).toContain(
      '<meta name="viewport" content="width=device-width"><link rel="preload" as="image" fetchpriority="high" href="/api/images/new/card" imagesrcset="/api/images/new/card 480w, /api/images/new 800w" imagesizes="90vw">',
    );
    expect(page.indexOf('as="image"')).toBeLessThan(page.indexOf("<style>"));
  });

  it("preloads the pictures beside the largest one only where their media query puts them in its row", () => {
    const other = { ...image, id: "other", url: "/api/images/other" };
    const page = assemble({
      module: "app/routes/home.tsx",
      head: "",
      body: "<main>hi</main>",
      state: "",
      largest: { image, sizes: "90vw", beside: [{ image: other, media: "(min-width: 40rem)" }] },
    });
    expect(page).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/api/images/new/card" imagesrcset="/api/images/new/card 480w, /api/images/new 800w" imagesizes="90vw">' +
        '<link rel="preload" as="image" fetchpriority="high" media="(min-width: 40rem)" href="/api/images/other/card" imagesrcset="/api/images/other/card 480w, /api/images/other 800w" imagesizes="90vw">',
    );
  });

  it("inlines in a rendered page the rules its markup uses, and preloads the whole stylesheet after the markup, before the scripts", () => {
    const page = assemble({
      module: "app/routes/home.tsx",
      head: "",
      body: '<main class="grid">hi</main>',
      state: '<script id="page-state" type="application/json">{}</script>',
    });
    expect(page).not.toMatch(/<link rel="stylesheet"/);
    expect(page).toContain("<style>body{color:red}.grid{display:grid}</style>");
    // After the markup and its data, before the scripts: found once the HTML has arrived, and
    // applied by the entry script.
    const whole = page.indexOf(
      '<link rel="preload" as="style" fetchpriority="low" data-page-stylesheet href="/assets/index-1.css">',
    );
    expect(whole).toBeGreaterThan(page.indexOf('<script id="page-state"'));
    expect(page.indexOf("</head>")).toBeLessThan(page.indexOf('<script type="module"'));
    for (const script of ['<script type="module"', 'rel="modulepreload"'])
      expect(whole).toBeLessThan(page.indexOf(script));
  });

  it("defines a rendered page's web fonts in its held template, not with its first paint (decision 055)", () => {
    const page = assemble({ module: "app/routes/home.tsx", head: "", body: '<main class="grid">hi</main>', state: "" });
    const held = page.slice(page.indexOf('<template id="page-scripts">'), page.indexOf("</template>"));
    expect(held).toContain(
      '<style>@font-face{font-family:"Playfair Display";src:url(/assets/playfair-1.woff2) format("woff2")}</style>',
    );
    expect(page.replace(held, "")).not.toContain("playfair-1.woff2");
  });

  it("inlines the whole stylesheet in a page the browser renders, after a disabled link naming it, before any script", () => {
    const page = assemble({ module: "app/routes/home.tsx", head: "", body: "", state: "" });
    // Only a disabled link, which names the inlined file for Vite's loader of lazy chunks (so it
    // does not fetch the file again) and is neither fetched nor applied by the browser.
    expect(page.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/index-1.css" disabled>',
    ]);
    expect(page.match(/<style>/g)).toHaveLength(1);
    // A "</style" in the file cannot end the element early.
    expect(page).toContain(
      "<style>body{color:red}.grid{display:grid}.flex{display:flex}/* <\\/style> */" +
        '@font-face{font-family:"Playfair Display";src:url(/assets/playfair-1.woff2) format("woff2")}</style>',
    );
    const style = page.indexOf("<style>");
    expect(page.indexOf('as="font"')).toBeLessThan(style);
    for (const script of ["<script", 'rel="modulepreload"']) expect(style).toBeLessThan(page.indexOf(script));
  });

  it("keeps the stylesheet's link when its file is not in the build", () => {
    const page = pageAssembler(
      clientDirWith(manifest),
      html,
    )({ module: "app/routes/home.tsx", head: "", body: "", state: "" });
    expect(page).toContain('<link rel="stylesheet" href="/assets/index-1.css">');
    expect(page).not.toContain("<style>");
  });

  it("puts the rendered markup in #root, the data after it and the head elements in <head>, as written", () => {
    // "$&" and "$'" would be replacement patterns in a replacement string.
    const page = assemble({
      module: "app/routes/home.tsx",
      head: "<title>Eid $& sale $'</title>",
      body: "<main>$` hello</main>",
      state: '<script id="page-state" type="application/json">{}</script>',
    });
    expect(page).toContain("<title>Eid $& sale $'</title></head>".replace("</head>", ""));
    expect(page.indexOf("<title>")).toBeLessThan(page.indexOf("</head>"));
    expect(page).toContain('<div id="root"><main>$` hello</main></div><script id="page-state"');
  });
});
