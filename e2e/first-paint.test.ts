import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { hydrated, newContext, PHONE } from "./support/browser";
import { startedStore } from "./support/suite";

interface ApiProduct {
  id: number;
  name: string;
  createdAt: string;
  images: { url: string }[];
}

const suite = startedStore();
let newest: ApiProduct;

beforeAll(async () => {
  const products = (await (await fetch(`${suite.store.baseUrl}/api/products`)).json()) as ApiProduct[];
  newest = products.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0];
});

/** A phone page that records every request it makes. */
async function recordingPage(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
  if (options.javaScriptEnabled === false) {
    await context.close();
    const noJs = await suite.browser.newContext({
      baseURL: suite.store.baseUrl,
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    return { page: await noJs.newPage(), requests: [] as string[] };
  }
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  return { page, requests };
}

const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

/** Tags the element the server rendered, to tell after hydration whether React kept it or made a new one. */
const tag = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)!.setAttribute("data-server-node", "1"), selector);
const stillTagged = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.getAttribute("data-server-node") === "1", selector);

/** Holds the app's script (start-*.js) back from the page until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe("a storefront page's first paint", () => {
  it("comes rendered, with the page's data inlined and its largest picture preloaded", async () => {
    const res = await fetch(`${suite.store.baseUrl}/`, { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("etag")).toBeTruthy();
    const html = await res.text();
    const data = /<script id="page-state" type="application\/json">(.*?)<\/script>/s.exec(html);
    const queries = (JSON.parse(data![1]) as { queries: { queryKey: unknown[] }[] }).queries;
    expect(queries.map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([["/api/settings"], ["/api/products", "home"], ["/api/categories"]]),
    );
    expect(html).toMatch(/<h1 id="hero-title"/);
    expect(html).toMatch(/<link rel="preload" as="image" fetchpriority="high" [^>]*imagesrcset="[^"]+"/);
    expect(html).toContain(`${newest.images[0].url}/card`);
    expect(html).not.toContain('as="fetch"');

    const again = await fetch(`${suite.store.baseUrl}/`, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
    // The API keeps its own cache headers.
    const api = await fetch(`${suite.store.baseUrl}/api/products`, { headers: { "accept-encoding": "br" } });
    expect(api.headers.get("content-encoding")).toBe("br");
    expect(api.headers.get("etag")).toBeTruthy();
  });

  it("shows the hero picture without JavaScript", async () => {
    const still = await recordingPage({ javaScriptEnabled: false });
    await still.page.goto("/");
    const img = still.page.getByRole("img", { name: newest.name });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await still.page.context().close();
  });

  it("hydrates the hero picture where the server's HTML painted it, and the carousel keeps that very element", async () => {
    const { page } = await recordingPage();
    // Hold the app's entry script back until the first frame has been measured.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const img = page.getByRole("img", { name: newest.name });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // Fonts settle first (Playfair swaps in; Inter is used only if it came in time), as in both frames.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const before = await box(page, "#root main img");
    await tag(page, "#root main img");
    expect(await hydrated(page, "#root main h1")).toBe(false);

    release();
    await expect.poll(() => hydrated(page, "#root main h1")).toBe(true);
    // React adopted the server's picture: the same element, not a copy of it.
    await expect.poll(() => hydrated(page, "#root main img")).toBe(true);
    expect(await stillTagged(page, "#root main img")).toBe(true);
    await page.waitForLoadState("networkidle");
    // The carousel attaches to the first slide the server painted: the same picture element, in
    // the same place, as its first slide (no second, later paint of the same picture).
    const hero = '#root main section[aria-labelledby="hero-title"]';
    await page.locator(`${hero} .swiper-initialized`).waitFor();
    const firstSlide = `${hero} .swiper-initialized .swiper-slide:first-child img`;
    expect(await page.locator(firstSlide).getAttribute("alt")).toBe(newest.name);
    expect(await stillTagged(page, firstSlide)).toBe(true);
    expect(await page.locator("#root main img[data-server-node]").count()).toBe(1);
    expect(await box(page, firstSlide)).toEqual(before);
    await page.context().close();
  });

  it("hydrates the shop's cards in place: the same elements, where they were painted, the first picture loaded once", async () => {
    const { page, requests } = await recordingPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/shop", { waitUntil: "commit" });
    const first = page.locator("#root main li img").first();
    await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await first.getAttribute("src")).toBe(`${newest.images[0].url}/card`);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const boxes = () =>
      Promise.all(
        [
          "#root main h1",
          "#root main li img",
          "#root main li:nth-child(2) article",
          "#root main li:nth-child(3) article",
        ].map((s) => box(page, s)),
      );
    // The same classes too (the frame copies ProductCard's and ProductImage's merged class names).
    const classes = () =>
      page.evaluate(() =>
        ["#root main li article", "#root main li img"].map((s) => document.querySelector(s)!.className),
      );
    const before = await boxes();
    const classesBefore = await classes();
    await tag(page, "#root main li img");
    expect(await hydrated(page, "#root main li img")).toBe(false);

    release();
    await expect.poll(() => hydrated(page, "#root main li img")).toBe(true);
    expect(await boxes()).toEqual(before);
    expect(await classes()).toEqual(classesBefore);
    expect(await stillTagged(page, "#root main li img")).toBe(true);
    expect(requests.some((p) => p.startsWith("/api/products"))).toBe(false);
    const main = newest.images[0].url;
    expect(requests.filter((p) => p === main || p === `${main}/card`)).toHaveLength(1);
    await page.context().close();
  });

  it("shows the shop's first card without JavaScript", async () => {
    const still = await recordingPage({ javaScriptEnabled: false });
    await still.page.goto("/shop");
    await still.page.getByRole("link", { name: `View Details: ${newest.name}` }).waitFor();
    const img = still.page.locator("li img").first();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await still.page.context().close();
  });

  it("renders a product page from the inlined data: no API read of it, its picture downloaded once", async () => {
    const { page, requests } = await recordingPage();
    await page.goto(`/product/${newest.id}`);
    await page.getByRole("heading", { level: 1, name: newest.name }).waitFor();
    await expect.poll(() => hydrated(page, "#root main h1")).toBe(true);
    expect(requests).not.toContain(`/api/products/${newest.id}`);
    expect(requests).not.toContain("/api/settings");
    const main = newest.images[0].url;
    const pictures = requests.filter((p) => p === main || p === `${main}/card`);
    expect(pictures).toHaveLength(1);
    await page.context().close();
  });

  it("asks for the picture ahead of the app's scripts and the headings' font, fetches no body font, and its whole stylesheet once, late", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const asked: { path: string; priority: string }[] = [];
    cdp.on("Network.requestWillBeSent", (e) =>
      asked.push({ path: new URL(e.request.url).pathname, priority: e.request.initialPriority }),
    );
    await page.goto(`/product/${newest.id}`);
    await expect.poll(() => hydrated(page, "#root main h1")).toBe(true);
    await page.waitForLoadState("networkidle");
    const first = (path: string) => asked.find((r) => r.path === path || r.path.startsWith(path));
    expect(first(`${newest.images[0].url}/card`)?.priority).toBe("High");
    // The headings' font is not preloaded (Chrome would hold the first frame for it): it is asked
    // for once the headings are laid out in its stand-in, after the picture.
    const html = await (await fetch(`${suite.store.baseUrl}/product/${newest.id}`)).text();
    expect(html).not.toContain('as="font"');
    const font = asked.findIndex((r) => r.path.startsWith("/assets/playfair-display-latin-600-normal-"));
    expect(font).toBeGreaterThan(asked.findIndex((r) => r.path.startsWith(`${newest.images[0].url}/card`)));
    // The page's own scripts (entry and preloaded chunks) come after the picture; chunks loaded later by
    // the running app (reviews, footer) are not the page's and keep the browser's choice.
    const pageScripts = [
      ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*? (?:src|href)="([^"]+)"/g),
    ];
    expect(pageScripts.length).toBeGreaterThan(1);
    for (const [, path] of pageScripts) expect(first(path)?.priority, path).toBe("Low");
    // The app's scripts, held in the page's template, are asked for after its picture (decision 050).
    const picture = asked.findIndex((r) => r.path.startsWith(`${newest.images[0].url}/card`));
    const held = html.slice(html.indexOf('<template id="page-scripts">'), html.indexOf("</template>"));
    const app = [...held.matchAll(/ (?:src|href)="([^"]+\.js)"/g)].map(([, path]) => path);
    expect(app.length).toBeGreaterThan(1);
    for (const path of app)
      expect(
        asked.findIndex((r) => r.path === path),
        path,
      ).toBeGreaterThan(picture);
    expect(asked.filter((r) => /inter-/.test(r.path))).toEqual([]);
    // The rules its markup uses came inlined; the whole stylesheet is asked for once, at low
    // priority, after the page (decision 020): applied by the entry script, the lazy chunks
    // loaded since (reviews, footer) do not fetch it again.
    const stylesheets = asked.filter((r) => r.path.endsWith(".css"));
    expect(stylesheets).toHaveLength(1);
    expect(stylesheets[0].path).toMatch(/^\/assets\/index-[\w-]+\.css$/);
    // Asked for by the page's scripts, once its picture is painted (decision 050).
    expect(asked.indexOf(stylesheets[0])).toBeGreaterThan(
      asked.findIndex((r) => r.path.startsWith(`${newest.images[0].url}/card`)),
    );
    expect(
      await page.evaluate(() =>
        [...document.styleSheets].some((sheet) => !!sheet.href && /\/assets\/index-[\w-]+\.css$/.test(sheet.href)),
      ),
    ).toBe(true);
    await context.close();
  });

  it("keeps a tap on a button made before the app has started, and answers it once the app has hydrated the page", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    // The app's script is held back until the tap has been made (decision 050).
    const release = await holdTheApp(page);
    // Not until "load": a page's load waits for the app's script once the entry has added it.
    await page.goto(`/product/${newest.id}`, { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Open menu" }).click();
    expect(await hydrated(page, "#root main h1")).toBe(false);
    release();
    await page.getByRole("dialog").waitFor();
    expect(await hydrated(page, "#root main h1")).toBe(true);
    await context.close();
  });

  it("applies its whole stylesheet as soon as it has loaded, while the app's script is still on its way", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    const release = await holdTheApp(page);
    await page.goto(`/product/${newest.id}`, { waitUntil: "domcontentloaded" });
    // Its parsing and the restyle are done before the app comes, not between its script and its
    // hydration (decision 058).
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.styleSheets].some((sheet) => !!sheet.href && /\/assets\/index-[\w-]+\.css$/.test(sheet.href)),
        ),
      )
      .toBe(true);
    expect(await hydrated(page, "#root main h1")).toBe(false);
    release();
    await expect.poll(() => hydrated(page, "#root main h1")).toBe(true);
    await context.close();
  });

  it("has the browser compile the app's chunks as they arrive: each it preloads starts with Chrome's compile hint, compressed too", async () => {
    const html = await (await fetch(`${suite.store.baseUrl}/product/${newest.id}`)).text();
    const held = html.slice(html.indexOf('<template id="page-scripts">'), html.indexOf("</template>"));
    const chunks = [...held.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+\.js)"/g)].map(([, path]) => path);
    expect(chunks.some((path) => /\/start-[\w-]+\.js$/.test(path))).toBe(true);
    // Decision 058: otherwise the phone compiles each function on the main thread as hydration first calls it.
    for (const path of chunks)
      for (const encoding of ["br", "gzip", "identity"]) {
        const res = await fetch(`${suite.store.baseUrl}${path}`, { headers: { "accept-encoding": encoding } });
        expect((await res.text()).startsWith("//# allFunctionsCalledOnLoad\n"), `${path} (${encoding})`).toBe(true);
      }
    // The admin's chunks run in part, once opened: left to compile as called.
    const admin = await (await fetch(`${suite.store.baseUrl}/admin`)).text();
    const adminChunk = /href="(\/assets\/admin-route-[\w-]+\.js)"/.exec(admin)?.[1];
    expect(adminChunk).toBeTruthy();
    expect((await (await fetch(`${suite.store.baseUrl}${adminChunk}`)).text()).startsWith("//#")).toBe(false);
  });

  it("asks for the app's script once the largest picture has arrived, and runs the app once that picture is painted", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    // What happens, in order: the largest picture's load, the app's preload, the app's script.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      // On the document: an element's load event does not reach the window.
      document.addEventListener(
        "load",
        (e) => {
          if (e.target instanceof HTMLImageElement && e.target.getAttribute("fetchpriority") === "high")
            seen.push("picture");
        },
        true,
      );
      new MutationObserver((records) => {
        for (const node of records.flatMap((r) => [...r.addedNodes]))
          if (node instanceof HTMLLinkElement && node.rel === "modulepreload" && /\/start-/.test(node.href))
            seen.push("preload");
          else if (node instanceof HTMLScriptElement && /\/start-/.test(node.src)) seen.push("script");
      }).observe(document, { childList: true, subtree: true });
    });
    // The picture is held until the page has painted without it (decision 054).
    let releasePicture!: () => void;
    const pictureHeld = new Promise<void>((resolve) => (releasePicture = resolve));
    await page.route(`**${newest.images[0].url}/card`, async (route) => {
      await pictureHeld;
      await route.continue();
    });
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/product/${newest.id}`, { waitUntil: "domcontentloaded" });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
    // Nor is the headings' font asked for: it is defined once the app has started (decision 057).
    expect(asked.filter((path) => path.includes("playfair-display"))).toEqual([]);
    releasePicture();
    await expect.poll(() => hydrated(page, "#root main h1")).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
      "picture",
      "preload",
      "script",
    ]);
    await context.close();
  });

  it("asks for the headings' font only once the app has started: until then the app's script has the line", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    const release = await holdTheApp(page);
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    const fontAsked = () => asked.some((path) => path.includes("playfair-display"));
    await page.goto(`/product/${newest.id}`, { waitUntil: "domcontentloaded" });
    // The picture is in and painted, the app's script asked for (and held), and the whole
    // stylesheet applied, its faces left out (decision 058): still no font.
    await expect.poll(() => asked.some((path) => /\/assets\/start-[\w-]+\.js$/.test(path))).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.styleSheets].some(
            (sheet) => !!sheet.href && /\/assets\/index-[\w-]+\.css$/.test(sheet.href) && !sheet.media.length,
          ),
        ),
      )
      .toBe(true);
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(r))));
    expect(fontAsked()).toBe(false);
    release();
    await expect.poll(() => hydrated(page, "#root main h1")).toBe(true);
    await expect.poll(fontAsked).toBe(true);
    await context.close();
  });

  it("keeps a choice made in a select before the app has started, and makes it again once the app has hydrated the page", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    const release = await holdTheApp(page);
    await page.goto("/shop", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    expect(await hydrated(page, "#root main h1")).toBe(false);
    release();
    await page.waitForURL(/\/shop\?sort=price-desc$/);
    expect(await page.getByLabel("Sort by").inputValue()).toBe("price-desc");
    await context.close();
  });

  it("paints the headings before their font arrives, in a stand-in whose metrics are Playfair's: the swap moves nothing", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    await context.addInitScript(() => {
      const w = window as unknown as { __shifts: number };
      w.__shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.__shifts += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const page = await context.newPage();
    // The headings' font is held back until the page has been painted (and hydrated) without it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/playfair-display-latin-600-normal-[\w-]+\.woff2$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/product/${newest.id}`, { waitUntil: "domcontentloaded" });
    await expect.poll(() => hydrated(page, "#root main h1")).toBe(true);
    const faces = () =>
      page.evaluate(() =>
        Object.fromEntries(
          [...document.fonts].map((f) => [`${f.family.replace(/"/g, "")} ${f.unicodeRange}`, f.status]),
        ),
      );
    const fallback = async () =>
      Object.entries(await faces()).find(([name]) => name.startsWith("Playfair Display Fallback"))?.[1];
    // The stand-in is a font on this machine (Liberation Serif Bold, Times New Roman's metrics).
    await expect.poll(fallback).toBe("loaded");
    const before = await box(page, "#root main h1");
    const shiftsBefore = await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);

    release();
    await expect
      .poll(async () =>
        Object.entries(await faces()).some(
          ([name, status]) => /^Playfair Display U\+0-FF/.test(name) && status === "loaded",
        ),
      )
      .toBe(true);
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(r))));
    const after = await box(page, "#root main h1");
    expect(after.height).toBeCloseTo(before.height, 0);
    expect(after.y).toBeCloseTo(before.y, 0);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
    expect(shifts - shiftsBefore).toBeLessThanOrEqual(0.02);
    expect(shifts).toBeLessThanOrEqual(0.02);
    await context.close();
  });

  it("keeps admin-written text inert: a hero title cannot end the inlined data and run a script", async () => {
    const settings = (await (await fetch(`${suite.store.baseUrl}/api/settings`)).json()) as {
      key: string;
      value: unknown;
    }[];
    const original = settings.find((s) => s.key === "hero_title")?.value ?? "Elegance Redefined";
    const title = `Eid Sale </script><script>window.__pwned = 1</script><!-- & more`;
    const saved = await suite.store.adminFetch("/api/settings/hero_title", { method: "PUT", json: { value: title } });
    expect(saved.status).toBe(200);
    try {
      const { page } = await recordingPage();
      await page.goto("/");
      await expect.poll(() => hydrated(page, "#root main h1")).toBe(true);
      const hero = page.getByRole("heading", { level: 1 });
      expect((await hero.textContent())?.replace(/\s+/g, "")).toBe(title.replace(/\s+/g, ""));
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      await page.context().close();
    } finally {
      await suite.store.adminFetch("/api/settings/hero_title", { method: "PUT", json: { value: original } });
    }
  });
});
