import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pageRenderer, scriptSafeJson, type ApiAnswer } from "./page-preloads.js";

function clientDirWith(manifest: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "preloads-"));
  fs.mkdirSync(path.join(dir, ".vite"));
  fs.writeFileSync(path.join(dir, ".vite/manifest.json"), JSON.stringify(manifest));
  return dir;
}

const manifest = {
  "index.html": {
    file: "assets/index-1.js",
    imports: ["_api-1.js"],
    assets: ["assets/inter-latin-wght-normal-1.woff2", "assets/playfair-display-latin-600-normal-1.woff2"],
  },
  "_api-1.js": { file: "assets/api-1.js" },
  "_grid-1.js": { file: "assets/grid-1.js", imports: ["_api-1.js"] },
  "app/routes/home.tsx": { file: "assets/home-1.js", imports: ["index.html", "_grid-1.js"] },
  "app/routes/product.tsx": { file: "assets/product-1.js", imports: ["index.html", "_grid-1.js"] },
};
const html = Buffer.from(
  '<html><head><meta name="viewport" content="width=device-width"><title>x</title><link rel="stylesheet" href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
);

describe("pageRenderer", () => {
  const render = pageRenderer(clientDirWith(manifest), html).withPreloads;

  it("preloads the home page's own chunks and first reads, not what the entry already loads", () => {
    const page = render("/");
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(page).toContain('href="/assets/grid-1.js"');
    expect(page).not.toContain("index-1.js");
    expect(page).not.toContain("api-1.js");
    for (const api of ["/api/settings", "/api/products", "/api/categories"]) {
      expect(page).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${api}">`);
    }
  });

  it("preloads the headings' font, and no other", () => {
    const page = render("/shop");
    expect(page).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/playfair-display-latin-600-normal-1.woff2">',
    );
    expect(page).not.toContain("inter-latin");
  });

  it("preloads the product a product page shows", () => {
    expect(render("/product/42")).toContain('href="/api/products/42"');
    expect(render("/product/42")).toContain("product-1.js");
  });

  it("preloads no product list for a filtered shop, whose URL the client builds itself", () => {
    expect(render("/shop?category=formal")).not.toContain('href="/api/products"');
    expect(render("/shop")).toContain('href="/api/products"');
  });
});

const image = (id: string, width = 800) => ({
  id,
  url: `/api/images/${id}`,
  filename: `${id}.webp`,
  mimeType: "image/webp",
  width,
  height: (width * 4) / 3,
  edgeColor: "#ffffff",
});
const hostile = "</script><script>alert(1)</script><!--";
const card = { price: "2500.00", originalPrice: null, featured: 0, colors: ["Red"] };
const products = [
  { ...card, id: 1, name: "Old", category: "casual", createdAt: "2026-01-01T00:00:00Z", images: [image("old")] },
  {
    ...card,
    id: 2,
    name: `New ${hostile}`,
    category: "formal",
    createdAt: "2026-02-01T00:00:00Z",
    images: [image("new")],
    originalPrice: "5000.00",
    colors: ["Red", "Sky Blue", `x;background:url(//evil)`, "Gold"],
  },
];
const answers: Record<string, unknown> = {
  "/api/settings": [
    { key: "site_name", value: "Zaiba" },
    { key: "hero_title", value: `Elegant ${hostile}` },
  ],
  "/api/products": products,
  "/api/categories": [{ id: 1, name: "formal" }],
  "/api/products/2": products[1],
};
const read = async (apiPath: string): Promise<ApiAnswer | undefined> =>
  apiPath in answers ? { json: JSON.stringify(answers[apiPath]), etag: `"${apiPath}"` } : undefined;

/** The inlined data as the browser's JSON.parse reads it back from the script element. */
function inlined(page: string): Record<string, unknown> {
  const match = /<script id="page-data" type="application\/json">(.*?)<\/script>/s.exec(page);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]) as Record<string, unknown>;
}

describe("pageRenderer with data", () => {
  const renderer = pageRenderer(clientDirWith(manifest), html);

  it("inlines the home page's reads, script-safely, and no longer preloads them as fetches", async () => {
    const { html: page } = await renderer.withData("/", false, read);
    expect(inlined(page)).toEqual({
      "/api/settings": answers["/api/settings"],
      "/api/products": products,
      "/api/categories": answers["/api/categories"],
    });
    // The admin-written text cannot close the script element or open a comment.
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).not.toContain("<!--");
    expect(page).not.toContain('as="fetch"');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
  });

  it("preloads the newest product's picture (the hero's first slide) with the slide's srcset and sizes", async () => {
    const { html: page } = await renderer.withData("/", false, read);
    expect(page).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/api/images/new/card" ' +
        'imagesrcset="/api/images/new/card 480w, /api/images/new 800w" imagesizes="(min-width: 640px) 280px, min(calc(100vw - 40px), 260px)">',
    );
    expect(page).toContain('srcset="/api/images/new/card 480w, /api/images/new 800w"');
    // First after the viewport meta (imagesizes are in vw), before the entry's own styles and scripts.
    expect(page.indexOf('as="image"')).toBeGreaterThan(page.indexOf('name="viewport"'));
    expect(page.indexOf('as="image"')).toBeLessThan(page.indexOf("index-1.css"));
  });

  it("paints a first frame of the hero into #root with the text escaped", async () => {
    const { html: page } = await renderer.withData("/", false, read);
    const root = page.slice(page.indexOf('<div id="root">'));
    expect(root).toContain('<h1 id="hero-title"');
    expect(root).toContain('<span class="block">Elegant</span>');
    expect(root).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(root).not.toContain("<script>");
  });

  it("keeps admin text that looks like a replacement pattern ($&, $', $`) as written", async () => {
    const dollars = { ...products[1], name: "Eid $& sale $' now $` 50$$" };
    const withDollars = async (apiPath: string): Promise<ApiAnswer | undefined> =>
      apiPath === "/api/products/2" ? { json: JSON.stringify(dollars), etag: '"dollars"' } : read(apiPath);
    const { html: page } = await renderer.withData("/product/2", false, withDollars);
    expect(inlined(page)["/api/products/2"]).toEqual(dollars);
    expect(page.slice(page.indexOf('<div id="root">'))).toContain("Eid $&amp; sale $&#39; now $` 50$$");
    expect(page.match(/<\/head>/g)).toHaveLength(1);
  });

  it("inlines and preloads the product a product page shows", async () => {
    const { html: page } = await renderer.withData("/product/2", false, read);
    expect(inlined(page)["/api/products/2"]).toEqual(products[1]);
    expect(page).toContain('imagesrcset="/api/images/new/card 480w, /api/images/new 800w"');
    expect(page).toContain("product-1.js");
  });

  it("falls back to preloading what it could not read, and paints no frame for an unknown product", async () => {
    const { html: page } = await renderer.withData("/product/9", false, read);
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products/9">');
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('as="image"');
  });

  it("paints the plain shop's first frame: its heading, toolbar and first cards newest first, text escaped", async () => {
    const { html: page } = await renderer.withData("/shop", false, read);
    const root = page.slice(page.indexOf('<div id="root">'));
    expect(root).toContain("Shop Collection");
    expect(root).toContain("Showing 2 products");
    expect(root.indexOf('href="/product/2"')).toBeLessThan(root.indexOf('href="/product/1"'));
    expect(root).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(root).not.toContain("<script>");
    // The newest card's picture is the preloaded one, at the card's srcset and sizes; the next waits.
    const sizes = "(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw";
    expect(page).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="/api/images/new/card" ` +
        `imagesrcset="/api/images/new/card 480w, /api/images/new 800w" imagesizes="${sizes}">`,
    );
    expect(root).toMatch(/<img src="\/api\/images\/new\/card" [^>]*sizes="[^"]+" [^>]*fetchpriority="high"/);
    expect(root).toMatch(/<img src="\/api\/images\/old\/card" [^>]*loading="lazy"/);
    // Price, the original price struck through, the discount badge, the swatches (CSS only from a colour word).
    expect(root).toContain("Rs. 2,500");
    expect(root).toContain('<s class="text-sm text-muted"><span class="sr-only">Original price </span>Rs. 5,000</s>');
    expect(root).toContain("50% OFF");
    expect(root).toContain('style="background-color:#c0392b"');
    expect(root).toContain('style="background-color:#d6d0c8;background-color:skyblue"');
    expect(root).not.toMatch(/style="[^"]*url\(/);
    expect(root).toContain('<span class="text-xs text-muted">+1</span>');
  });

  it("paints no shop frame for a filtered shop or an empty catalogue", async () => {
    const filtered = await renderer.withData("/shop", true, read);
    expect(filtered.html).toContain('<div id="root"></div>');
    const empty = async (apiPath: string): Promise<ApiAnswer | undefined> =>
      apiPath === "/api/products" ? { json: "[]", etag: '"empty"' } : read(apiPath);
    const { html: page } = await renderer.withData("/shop", false, empty);
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('as="image"');
  });

  it("names the data it was made from, so a changed catalogue makes a new page", async () => {
    const a = await renderer.withData("/shop", false, read);
    const b = await renderer.withData("/shop", true, read);
    expect(a.etag).toBe('"/api/settings","/api/products"');
    expect(b.etag).toBe('"/api/settings"');
  });
});

describe("scriptSafeJson", () => {
  it("escapes what could end a script element, and JSON.parse reads the same value back", () => {
    const value = { text: `a</script><!--b & c>\u2028d\u2029` };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});
