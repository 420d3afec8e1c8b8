import type { Locator } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hydrated, newContext, PHONE } from "./support/browser";
import { startedStore } from "./support/suite";

interface ApiProduct {
  id: number;
  handle: string;
  name: string;
  price: string;
  category: string;
  inStock: 0 | 1;
  createdAt: string;
  images: { url: string }[];
}

const PUBLIC_URL = "https://shop.example.pk";
const suite = startedStore({ publicUrl: PUBLIC_URL });
let catalogue: ApiProduct[];
let product: ApiProduct;
let bare: ApiProduct;

beforeAll(async () => {
  // The public origin differs from the address the test talks to: links must use the public one.
  catalogue = (await (await fetch(`${suite.store.baseUrl}/api/products`)).json()) as ApiProduct[];
  product = catalogue.find((p) => p.images.length > 0)!;
  // A product without any picture: its name and price must still be in the first HTML.
  const res = await suite.store.adminFetch("/api/products", {
    method: "POST",
    json: {
      name: "Plain Cotton Dupatta",
      sku: "PLN-1",
      description: "Soft cotton",
      price: "1499",
      category: "accessories",
      sizes: ["Free Size"],
      colors: ["White"],
    },
  });
  expect(res.status).toBe(201);
  bare = (await res.json()) as ApiProduct;
});

/** The page's HTML as a link preview or a crawler reads it: no scripts run. */
async function html(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${suite.store.baseUrl}${path}`);
  return { status: res.status, body: await res.text() };
}

const meta = (body: string, attr: "name" | "property", key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(body)?.[1];
const title = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
const jsonLd = (body: string) =>
  [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown> & { "@type": string },
  );
const rs = (price: string) => `Rs. ${Math.round(Number(price)).toLocaleString("en-US")}`;

describe("the HTML of a storefront page, read without running scripts", () => {
  it("a product page shows its name and price, and previews with its name, price and first picture", async () => {
    const { status, body } = await html(`/products/${product.handle}`);
    expect(status).toBe(200);
    const root = body.slice(body.indexOf('<div id="root">'));
    expect(root).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
    expect(root).toContain(rs(product.price));
    expect(title(body)).toBe(`${product.name} | Zaiba`);
    expect(meta(body, "property", "og:title")).toBe(`${product.name} | Zaiba`);
    expect(meta(body, "property", "og:type")).toBe("product");
    expect(meta(body, "name", "description")).toContain(rs(product.price));
    expect(meta(body, "property", "og:description")).toContain(rs(product.price));
    expect(meta(body, "property", "og:image")).toBe(`${PUBLIC_URL}${product.images[0].url}`);
    expect(meta(body, "name", "twitter:card")).toBe("summary_large_image");
    expect(meta(body, "name", "twitter:image")).toBe(`${PUBLIC_URL}${product.images[0].url}`);
    expect(body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/products/${product.handle}">`);
    expect(meta(body, "name", "robots")).toBe("index, follow");
    // One of each per page: no template copy left beside the page's own.
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("a product page carries JSON-LD Product with a PKR Offer, and a BreadcrumbList", async () => {
    const { body } = await html(`/products/${product.handle}`);
    const [ld, crumbs] = [
      jsonLd(body).find((d) => d["@type"] === "Product"),
      jsonLd(body).find((d) => d["@type"] === "BreadcrumbList"),
    ];
    expect(ld).toMatchObject({
      name: product.name,
      url: `${PUBLIC_URL}/products/${product.handle}`,
      offers: {
        "@type": "Offer",
        price: product.price,
        priceCurrency: "PKR",
        availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      },
    });
    expect((ld!.image as string[])[0]).toBe(`${PUBLIC_URL}${product.images[0].url}`);
    expect(crumbs).toMatchObject({
      itemListElement: [
        { position: 1, name: "Home", item: `${PUBLIC_URL}/` },
        { position: 2, name: "Shop", item: `${PUBLIC_URL}/shop` },
        { position: 3, name: product.name, item: `${PUBLIC_URL}/products/${product.handle}` },
      ],
    });
  });

  it("a reviewed product's JSON-LD has its AggregateRating; an unreviewed one has none", async () => {
    let reviewed: { id: number; handle: string; averageRating: number; totalReviews: number } | undefined;
    for (const p of catalogue) {
      const r = (await (await fetch(`${suite.store.baseUrl}/api/reviews/product/${p.id}/rating`)).json()) as {
        averageRating: number;
        totalReviews: number;
      };
      if (r.totalReviews > 0) {
        reviewed = { id: p.id, handle: p.handle, ...r };
        break;
      }
    }
    expect(reviewed, "the demo data has a reviewed product").toBeDefined();
    const ld = jsonLd((await html(`/products/${reviewed!.handle}`)).body).find((d) => d["@type"] === "Product");
    expect(ld!.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: reviewed!.averageRating,
      reviewCount: reviewed!.totalReviews,
      bestRating: 5,
      worstRating: 1,
    });
    const plain = jsonLd((await html(`/products/${bare.handle}`)).body).find((d) => d["@type"] === "Product");
    expect(plain!.aggregateRating).toBeUndefined();
  });

  it("a product without a picture still arrives with its name and price, and previews as a summary", async () => {
    const { status, body } = await html(`/products/${bare.handle}`);
    expect(status).toBe(200);
    const root = body.slice(body.indexOf('<div id="root">'));
    expect(root).toContain("Plain Cotton Dupatta");
    expect(root).toContain("Rs. 1,499");
    expect(meta(body, "property", "og:image")).toBeUndefined();
    expect(meta(body, "name", "twitter:card")).toBe("summary");
  });

  it("the home page, the shop and a collection arrive rendered, titled and canonical", async () => {
    const home = await html("/");
    expect(home.status).toBe(200);
    expect(title(home.body)).toBe("Zaiba — Elegance, delivered across Pakistan");
    expect(home.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
    expect(jsonLd(home.body).some((d) => d["@type"] === "WebSite")).toBe(true);
    expect(home.body).toMatch(/<h1[^>]*>/);

    const shop = await html("/shop");
    expect(title(shop.body)).toBe("Shop | Zaiba");
    expect(shop.body).toContain(`Showing ${catalogue.length + 1} products`);
    expect(shop.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/shop">`);

    const formal = await html("/collections/formal");
    expect(formal.status).toBe(200);
    expect(title(formal.body)).toBe("Formal Collection | Zaiba");
    const formalCount = catalogue.filter((p) => p.category === "formal").length;
    expect(formal.body).toContain(`${formalCount} pieces`);
    expect(formal.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/collections/formal">`);
  });

  it("the shop renders the filters, sort and page of its URL", async () => {
    const cheapest = [...catalogue, bare].sort((a, b) => Number(a.price) - Number(b.price))[0];
    const { body } = await html("/shop?sort=price-asc");
    const root = body.slice(body.indexOf("<main"));
    expect(root.indexOf(cheapest.name)).toBeGreaterThan(0);
    const names = [...root.matchAll(/<h2[^>]*><a [^>]*>([^<]+)<\/a><\/h2>/g)].map((m) => m[1]);
    expect(names[0]).toBe(cheapest.name);
  });

  it("answers 404 with the page for a missing product, a missing collection and an unknown route", async () => {
    for (const [path, heading] of [
      ["/products/no-such-product", "Product Not Found"],
      ["/collections/no-such-thing", "Collection Not Found"],
      ["/no/such/page", "404 Page Not Found"],
    ]) {
      const { status, body } = await html(path);
      expect(status, path).toBe(404);
      expect(body, path).toContain(heading);
      expect(meta(body, "name", "robots"), path).toBe("noindex, nofollow");
      expect(body, path).not.toContain('rel="canonical"');
    }
    const api = await fetch(`${suite.store.baseUrl}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toHaveProperty("error");
  });

  it("keeps the cart, checkout, wishlist, admin, settings and search results out of search engines", async () => {
    for (const path of [
      "/cart",
      "/checkout",
      "/wishlist",
      "/admin",
      "/admin/products",
      "/settings",
      "/search?q=lawn",
    ]) {
      const { status, body } = await html(path);
      expect(status, path).toBe(200);
      expect(meta(body, "name", "robots"), path).toBe("noindex, nofollow");
    }
    for (const path of ["/", "/shop", "/collections/party", `/products/${product.handle}`])
      expect(meta((await html(path)).body, "name", "robots"), path).toBe("index, follow");
  });

  it("lists every product and collection in /sitemap.xml, which /robots.txt points to", async () => {
    const robots = await html("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).toContain("Disallow: /admin");
    const sitemap = await fetch(`${suite.store.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("xml");
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const categories = (await (await fetch(`${suite.store.baseUrl}/api/categories`)).json()) as { slug: string }[];
    const expected = [
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/shop`,
      ...categories.map((c) => `${PUBLIC_URL}/collections/${c.slug}`),
      ...[...catalogue, bare].map((p) => `${PUBLIC_URL}/products/${p.handle}`),
    ];
    expect(locs.sort()).toEqual(expected.sort());
  });

  it("inlines the first data once, as the query cache the page was rendered from", async () => {
    const { body } = await html(`/products/${product.handle}`);
    const state = /<script id="page-state" type="application\/json">(.*?)<\/script>/s.exec(body);
    const queries = (JSON.parse(state![1]) as { queries: { queryKey: unknown[] }[] }).queries;
    expect(queries.map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([["/api/settings"], ["/api/products", "by-handle", product.handle]]),
    );
    expect(body.match(/id="page-state"/g)).toHaveLength(1);
  });

  it("carries inline the style rules its markup uses, so the first paint waits for no stylesheet, and asks for the whole file after its markup", async () => {
    for (const path of ["/", "/shop", `/products/${product.handle}`]) {
      const { body } = await html(path);
      expect(body).not.toMatch(/<link rel="stylesheet"/);
      const style = /<style>([\s\S]*?)<\/style>/.exec(body)?.[1] ?? "";
      expect(style).toContain("@layer utilities{");
      expect(body.indexOf("<style>")).toBeLessThan(body.indexOf("<script"));
      // The whole file: preloaded after the markup and its data (applied by the entry script).
      const preload = /<link rel="preload" as="style" [^>]*data-page-stylesheet href="([^"]+)">/.exec(body);
      expect(preload, path).not.toBeNull();
      expect(body.indexOf(preload![0])).toBeGreaterThan(body.indexOf('<script id="page-state"'));
      const whole = await (await fetch(`${suite.store.baseUrl}${preload![1]}`)).text();
      expect(style.length, path).toBeLessThan(whole.length * 0.7);
    }
  });

  it("decodes the largest picture with the frame that paints it, and the others when the browser has time", async () => {
    // A product page with pictures: the shop's first card, its only priority picture (decision
    // 054), may be a product without one.
    const { body } = await html(`/products/${product.handle}`);
    const images = body.match(/<img [^>]*>/g) ?? [];
    const priority = images.filter((img) => img.includes('fetchPriority="high"'));
    expect(priority.length).toBeGreaterThan(0);
    for (const img of priority) expect(img).toContain('decoding="sync"');
    for (const img of images.filter((i) => !priority.includes(i))) expect(img).toContain('decoding="async"');
  });

  it("renders each section once, in place: no fallback with a hidden copy swapped in by a script", async () => {
    const { body } = await html("/");
    expect(body).not.toMatch(/<div hidden id="S:\d+">/);
    expect(body).not.toContain('<template id="B:');
    // The featured collections are the carousel's markup, once.
    const collections = /<section[^>]*id="featured-collections"[\s\S]*?<\/section>/.exec(body)?.[0] ?? "";
    expect(collections.match(/class="swiper"/g)).toHaveLength(1);
  });
});

describe("the shop's pages", () => {
  it("reaches every product through the pages in the URL, kept on reload and walked with back", async () => {
    const all = catalogue.length + 1;
    const pageCount = Math.ceil(all / 24);
    expect(pageCount).toBeGreaterThan(1);
    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await context.newPage();
    await page.goto("/shop?sort=price-asc");
    await page.getByText(`Showing ${all} products`).waitFor();
    // Text content, not innerText: cards off screen are not laid out (content-visibility), and
    // innerText reads only what is.
    let shown = await page.locator("main article :is(h2, h3)").allTextContents();
    const seen = new Set(shown);
    // A page's products, once they have replaced the previous page's (the link is current at once,
    // the products follow from the server).
    const nextProducts = async () => {
      const before = shown.join("\n");
      await expect
        .poll(async () => {
          const names = await page.locator("main article :is(h2, h3)").allTextContents();
          if (names.length === 0 || names.join("\n") === before) return false;
          shown = names;
          return true;
        })
        .toBe(true);
      return shown;
    };
    // The page links sit under 24 cards that are laid out only as they near the screen: scrolled
    // to, the cards above settle to their real heights and move the links (by tens of pixels when
    // an estimate is off), so a link is clicked once it stays where it is.
    const clickSettled = async (link: Locator) => {
      await link.scrollIntoViewIfNeeded();
      let last = "";
      await expect
        .poll(async () => {
          const box = JSON.stringify(await link.boundingBox());
          const settled = box === last;
          last = box;
          return settled;
        })
        .toBe(true);
      await link.click();
    };
    await clickSettled(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }));
    await expect.poll(() => page.url()).toContain("page=2");
    expect(page.url()).toContain("sort=price-asc");
    await page.getByRole("link", { name: "Page 2" }).and(page.locator('[aria-current="page"]')).waitFor();
    for (let n = 2; n <= pageCount; n++) {
      if (n > 2)
        await clickSettled(page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: `Page ${n}` }));
      await page
        .getByRole("link", { name: `Page ${n}` })
        .and(page.locator('[aria-current="page"]'))
        .waitFor();
      for (const name of await nextProducts()) seen.add(name);
    }
    expect(seen.size).toBe(all);
    // The dearest piece is last in Price: Low to High, on the last page.
    const dearest = [...catalogue, bare].sort((a, b) => Number(b.price) - Number(a.price))[0];
    expect(await page.locator("main article :is(h2, h3)").allTextContents()).toContain(dearest.name);
    await page.reload();
    await page
      .getByRole("link", { name: `Page ${pageCount}` })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
    await page.goBack();
    await expect.poll(() => page.url()).not.toContain(`page=${pageCount}`);
    await context.close();
  });
});

describe("hydration", () => {
  it("attaches to the server's markup on every storefront page without a warning or an error", async () => {
    const pages = [
      "/",
      "/shop",
      "/shop?category=formal&sort=price-desc&view=list",
      // Rendered without the parameter the shop does not read: its page links must match.
      "/shop?utm_source=whatsapp&sort=price-asc",
      "/collections/formal",
      `/products/${product.handle}`,
      `/products/${bare.handle}`,
      "/search?q=lawn",
      "/search",
      "/cart",
      "/checkout",
      "/wishlist",
      "/products/no-such-product",
      "/collections/no-such-thing",
      "/no/such/page",
    ];
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await newContext(suite.browser, suite.store.baseUrl, viewport);
      // The server's <h1> as parsed, before any script ran: hydration keeps that very node.
      await context.addInitScript(() => {
        document.addEventListener("readystatechange", () => {
          if (document.readyState === "interactive")
            (window as unknown as { __serverH1: Element | null }).__serverH1 = document.querySelector("#root h1");
        });
      });
      for (const path of pages) {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on("console", (m) => {
          const text = m.text();
          // The browser notes the 404 status of the page itself; that is the point of those pages.
          if (
            /Failed to load resource: the server responded with a status of 404/.test(text) &&
            m.location().url.endsWith(path)
          )
            return;
          if (m.type() === "error" || m.type() === "warning" || /hydrat/i.test(text))
            problems.push(`${m.type()}: ${text}`);
        });
        page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
        await page.goto(path);
        // Hydrated: the app's first render has committed on the server's nodes.
        await expect.poll(() => hydrated(page, "#root h1")).toBe(true);
        // Let late sections (the footer, reviews) hydrate too.
        await page.waitForLoadState("networkidle");
        const kept = await page.evaluate(() => {
          const before = (window as unknown as { __serverH1: Element | null }).__serverH1;
          return before !== null && before === document.querySelector("#root h1") && before.isConnected;
        });
        expect(problems, `${path} at ${viewport.width}px`).toEqual([]);
        expect(kept, `${path}: the server's heading was replaced instead of hydrated`).toBe(true);
        await page.close();
      }
      await context.close();
    }
  });
});
