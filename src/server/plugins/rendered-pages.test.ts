import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCategory, insertProduct } from "../test/factory.js";
import { createTestApp, type TestContext } from "../test/test-app.js";
import { testStorefront, type RendererProbe } from "../test/storefront.js";

const PUBLIC_URL = "https://shop.example.pk";
const NEW_PAGES = 4;
let t: TestContext;
let probe: RendererProbe;
let remove: () => void;
let productHandle: string;
/** Each test its own network, so one test's renders do not count against another's. */
let network = 0;
const nextNetwork = () => `10.0.0.${++network}`;

beforeAll(async () => {
  const storefront = await testStorefront();
  probe = storefront.probe;
  remove = storefront.remove;
  t = await createTestApp({ clientDir: storefront.clientDir, publicUrl: PUBLIC_URL, newPagesPerNetwork: NEW_PAGES });
  await insertCategory(t.db, "casual");
  // More than a page of the shop (24), so the shop has page links.
  for (let i = 0; i < 25; i++) productHandle = (await insertProduct(t.db)).handle;
});

afterAll(async () => {
  await t.close();
  remove();
});

function page(url: string, from: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "GET", url, remoteAddress: from, headers: { "accept-encoding": "br", ...headers } });
}

/** The renders made while `run` ran. */
async function rendersDuring(run: () => Promise<unknown>): Promise<string[]> {
  const before = probe.renders.length;
  await run();
  return probe.renders.slice(before);
}

describe("storefront pages: what the server renders", () => {
  it("renders a page once for every mix of parameters its route does not read, and keeps them out of its links", async () => {
    const from = nextNetwork();
    const renders = await rendersDuring(async () => {
      const answers = [];
      for (const url of ["/shop?junk=1", "/shop?junk=2", "/shop?utm_source=x&sort=newest", "/shop?page=1&view=grid"])
        answers.push(await page(url, from, { "accept-encoding": "identity" }));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
      // The page links carry the parameters the shop reads, none of the others.
      expect(answers[0].body).toContain('href="/shop?page=2"');
      expect(answers[0].body).not.toContain("junk");
    });
    expect(renders).toEqual(["/shop"]);
  });

  it("renders the parameters a route reads in one order, whatever order the URL has", async () => {
    const from = nextNetwork();
    const renders = await rendersDuring(async () => {
      for (const url of [
        "/shop?sort=price-asc&category=casual&junk=1",
        "/shop?category=casual&junk=2&sort=price-asc",
        "/collections/casual?page=2&junk=3",
        "/collections/casual?junk=4&page=2",
        "/search?q=%20lawn%20&x=1",
        "/search?q=lawn",
      ])
        expect((await page(url, from)).statusCode, url).toBe(200);
    });
    expect(renders).toEqual(["/shop?category=casual&sort=price-asc", "/collections/casual?page=2", "/search?q=lawn"]);
  });

  it("with PUBLIC_URL, makes no new page for another Host, and keeps the canonical link on PUBLIC_URL", async () => {
    const from = nextNetwork();
    const url = `/products/${productHandle}`;
    const renders = await rendersDuring(async () => {
      for (const host of ["shop.example.pk", "evil.example", "other.example:8080"]) {
        const res = await page(url, from, { host, "accept-encoding": "identity" });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${url}">`);
        expect(res.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}${url}">`);
        expect(res.body).not.toContain("evil.example");
      }
    });
    expect(renders).toEqual([url]);
  });

  it("compresses a page quickly when first rendered, and smaller once it is asked for again, after that answer and without rendering it again", async () => {
    const from = nextNetwork();
    const sizes: number[] = [];
    const renders = await rendersDuring(async () => {
      for (let i = 0; i < 4; i++) {
        const res = await page("/collections/casual", from);
        expect(res.headers["content-encoding"]).toBe("br");
        sizes.push(res.rawPayload.length);
        await t.app.pagesCompressed!();
      }
    });
    expect(renders).toEqual(["/collections/casual"]);
    // The second ask is answered with the quick bytes; the strong ones are made after it.
    expect(sizes[1]).toBe(sizes[0]);
    expect(sizes[2]).toBeLessThan(sizes[1]);
    expect(sizes[3]).toBe(sizes[2]);
  });

  it(`answers 429 with a page a person can read and Retry-After after ${NEW_PAGES} new pages from one network, still serving the pages already made`, async () => {
    const from = nextNetwork();
    const renders = await rendersDuring(async () => {
      for (let i = 1; i <= NEW_PAGES; i++) expect((await page(`/no/such/page-${i}`, from)).statusCode).toBe(404);
      const refused = await page("/no/such/page-x?y=1", from, { "accept-encoding": "identity" });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(refused.headers["cache-control"]).toBe("no-store");
      expect(refused.body).toMatch(
        /Too many new pages opened from your network\. Please try again in \d+ (second|minute)s?\./,
      );
      expect(refused.body).toContain('<a href="/no/such/page-x?y=1">Try again</a>');
      // A page already made costs no render: still served.
      expect((await page("/no/such/page-1", from)).statusCode).toBe(404);
      // Another network is not held up.
      expect((await page("/no/such/page-x", nextNetwork())).statusCode).toBe(404);
    });
    expect(renders).toHaveLength(NEW_PAGES + 1);
  });

  it("allows no inline script on a rendered page, not even one the renderer let through from its data", async () => {
    const from = nextNetwork();
    probe.alterBody = (body) => `${body}<script>alert("from a product's name")</script>`;
    try {
      const res = await page("/wishlist?injected=1", from, { "accept-encoding": "identity" });
      expect(res.body).toContain(`<script>alert("from a product's name")</script>`);
      const policy = String(res.headers["content-security-policy"]);
      expect(policy).toMatch(/script-src 'self'(;|$)/);
      expect(policy).not.toContain("sha256-");
    } finally {
      probe.alterBody = undefined;
    }
  });
});
