import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { newContext } from "./support/browser";
import { startedStore } from "./support/suite";

// One writer of a page's head: each route declares it once (app/route-table.ts); the server writes
// it into the HTML and the browser keeps it in step from the same declaration. What the server
// wrote and what the browser shows after hydration must be the same, page by page, and a page
// reached by a click must show what the server would have written for it.

const suite = startedStore();
let productHandle: string;
let productName: string;

beforeAll(async () => {
  const products = (await (await fetch(`${suite.store.baseUrl}/api/products`)).json()) as {
    handle: string;
    name: string;
  }[];
  ({ handle: productHandle, name: productName } = products[0]);
});

interface Head {
  title: string;
  description: string | null;
  robots: string | null;
}

const pick = (body: string, re: RegExp) => re.exec(body)?.[1] ?? null;
const unescape = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!,
  );

async function serverHead(path: string): Promise<Head & { status: number }> {
  const res = await fetch(`${suite.store.baseUrl}${path}`);
  const body = await res.text();
  const head = body.slice(0, body.indexOf("</head>"));
  return {
    status: res.status,
    title: unescape(pick(head, /<title>([^<]*)<\/title>/) ?? ""),
    description: unescape(pick(head, /<meta name="description" content="([^"]*)"/) ?? ""),
    robots: pick(head, /<meta name="robots" content="([^"]*)"/),
  };
}

/** The head as the page shows it once hydrated and its reads have settled. */
async function browserHead(page: Page): Promise<Head> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
  }));
}

const PAGES = () => [
  "/",
  "/shop",
  "/shop?sort=price-asc&category=formal&page=1",
  "/collections/formal",
  "/collections/no-such-collection",
  `/products/${productHandle}`,
  "/products/no-such-product",
  "/products/Not_A_Handle",
  "/search?q=lawn",
  "/search",
  "/cart",
  "/checkout",
  "/wishlist",
  "/no/such/page",
];

describe("a page's head", () => {
  it("is the same in the server's HTML and in the browser after hydration, on every route", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl);
    const page = await context.newPage();
    const seen: string[] = [];
    for (const path of PAGES()) {
      const server = await serverHead(path);
      expect(server.title, path).not.toBe("");
      await page.goto(path);
      const shown = await browserHead(page);
      expect({ path, ...shown }).toEqual({
        path,
        title: server.title,
        description: server.description,
        robots: server.robots,
      });
      seen.push(`${server.status} ${path}`);
    }
    // The missing pages say so to crawlers as well as in the tab.
    expect(seen.filter((s) => s.startsWith("404")).map((s) => s.slice(4))).toEqual([
      "/collections/no-such-collection",
      "/products/no-such-product",
      "/products/Not_A_Handle",
      "/no/such/page",
    ]);
    await context.close();
  });

  it("follows the shopper: a product reached by a click shows the head the server writes for it", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl);
    const page = await context.newPage();
    await page.goto("/shop");
    await page.waitForLoadState("networkidle");
    const shopTitle = await page.title();
    await page.locator(`a[href="/products/${productHandle}"]`).first().click();
    await page.waitForURL(`**/products/${productHandle}`);
    await expect.poll(() => page.title()).toContain(productName);
    expect(await browserHead(page)).toEqual(
      await serverHead(`/products/${productHandle}`).then(({ title, description, robots }) => ({
        title,
        description,
        robots,
      })),
    );
    expect(shopTitle).not.toBe(await page.title());
    await page.goBack();
    await expect.poll(() => page.title()).toBe(shopTitle);
    await context.close();
  });
});
