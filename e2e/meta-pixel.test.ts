import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { orderAdContext, orders } from "@server/db/schema.js";
import { FakeMeta, testMetaAdsConfig } from "@server/test/fakes/meta-fake.js";
import { INITIAL_JS_TARGET_BYTES, initialJsOf, STOREFRONT_PAGES } from "../bench/initial-js";
import { launchBrowser, newContext, PHONE } from "./support/browser";
import { availableColor, buyableProducts, type BuyableProduct } from "./support/catalogue";
import { startStore, type RunningStore } from "./support/store";

const fake = new FakeMeta();
let withPixel: RunningStore;
let without: RunningStore;
let browser: Browser;
let product: BuyableProduct;

beforeAll(async () => {
  await fake.start();
  withPixel = await startStore({ metaAds: testMetaAdsConfig(fake) });
  without = await startStore();
  browser = await launchBrowser();
  [product] = await buyableProducts(withPixel.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await withPixel?.close();
  await without?.close();
  await fake.stop();
});

/** The page's largest paint, when Meta's script started to download, and when the page had loaded (ms). */
const timings = (page: Page) =>
  page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
        type: "largest-contentful-paint",
        buffered: true,
      }),
    );
    const script = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/fbevents.js"));
    const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return { lcp, scriptStart: script?.startTime ?? null, loaded: nav.loadEventEnd };
  });

/** Lets the browser finish the page's load and go idle twice (when the pixel would have loaded). */
const settle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = () => requestIdleCallback(() => requestIdleCallback(() => resolve()));
        if (document.readyState === "complete") idle();
        else addEventListener("load", idle, { once: true });
      }),
  );

const hits = (ev: string) => fake.pixelHits.filter((h) => h.ev === ev);

describe("Meta's pixel in the storefront", () => {
  it("loads after the page's largest paint and its load, and sends PageView and ViewContent with event ids", async () => {
    const context = await newContext(browser, withPixel.baseUrl, PHONE);
    const page = await context.newPage();
    const res = await page.goto(`/products/${product.handle}`);
    expect(res!.headers()["content-security-policy"]).toContain(`script-src 'self' ${fake.origin};`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    await expect.poll(() => hits("ViewContent").length).toBe(1);

    const { lcp, scriptStart, loaded } = await timings(page);
    expect(scriptStart).not.toBeNull();
    expect(scriptStart!).toBeGreaterThan(lcp);
    expect(scriptStart!).toBeGreaterThanOrEqual(loaded);

    const [view] = hits("ViewContent");
    expect(hits("PageView")).toHaveLength(1);
    expect(view).toMatchObject({
      id: fake.pixelId,
      cd: { content_ids: [String(product.id)], content_type: "product_group", currency: "PKR" },
    });
    expect(view.eid).toMatch(/^ViewContent\./);
    expect(hits("PageView")[0].eid).not.toBe(view.eid);
    await context.close();
  });

  it("keeps every storefront page's initial JavaScript the same as with the pixel off, within its budget", async () => {
    const clientDir = inject("clientDir");
    // The benchmark's pages (bench/initial-js.ts): each the demo store's page, not a 404 or a 301.
    for (const path of new Set([...STOREFRONT_PAGES, `/products/${product.handle}`])) {
      const [withRes, withoutRes] = await Promise.all([
        fetch(`${withPixel.baseUrl}${path}`, { redirect: "manual" }),
        fetch(`${without.baseUrl}${path}`, { redirect: "manual" }),
      ]);
      expect([withRes.status, withoutRes.status], path).toEqual([200, 200]);
      const on = initialJsOf(clientDir, await withRes.text());
      const off = initialJsOf(clientDir, await withoutRes.text());
      expect(on.files, path).toEqual(off.files);
      expect(on.gzipBytes, path).toBeLessThanOrEqual(INITIAL_JS_TARGET_BYTES);
      expect(
        on.files.some((f) => f.file.startsWith("pixel-loader")),
        path,
      ).toBe(false);
    }
  });

  it("tells Meta of the cart and the checkout, and the order carries the pixel's _fbp to the Purchase sent on confirmation", async () => {
    const context = await newContext(browser, withPixel.baseUrl, PHONE);
    const page = await context.newPage();
    await page.goto(`/products/${product.handle}`);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    await page.getByRole("button", { name: product.sizes[0], exact: true }).click();
    await page.getByRole("button", { name: availableColor(product), exact: true }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => hits("AddToCart").length).toBe(1);
    expect(hits("AddToCart")[0].cd).toMatchObject({ content_ids: [String(product.id)], num_items: 1 });

    await page.goto("/checkout");
    await expect.poll(() => hits("InitiateCheckout").length).toBe(1);
    expect(hits("InitiateCheckout")[0].cd).toMatchObject({ content_ids: [String(product.id)], currency: "PKR" });
    await page.getByLabel("First Name").fill("Ayesha");
    await page.getByLabel("Last Name").fill("Khan");
    await page.getByLabel("WhatsApp Number").fill("0300 7654321");
    await page.getByLabel("Street Address").fill("House 12, Street 4, Model Town");
    await page.getByLabel("City", { exact: true }).fill("Lahore");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText("Order Placed Successfully!").waitFor();
    expect(hits("Purchase")).toEqual([]); // the browser never counts a placed order

    const fbp = (await context.cookies()).find((c) => c.name === "_fbp")!.value;
    const [order] = await withPixel.db.select().from(orders).where(eq(orders.customerPhone, "0300 7654321"));
    const [context0] = await withPixel.db.select().from(orderAdContext).where(eq(orderAdContext.orderId, order.id));
    expect(context0.fbp).toBe(fbp);
    expect(context0.sourceUrl).toBe(`${withPixel.baseUrl}/checkout`);

    await withPixel.app.jobs.runDue();
    expect(fake.eventsOf(order.id)).toEqual([]);
    const confirm = await withPixel.adminFetch(`/api/orders/${order.id}`, {
      method: "PATCH",
      json: { status: "processing" },
    });
    expect(confirm.status).toBe(200);
    await withPixel.app.jobs.runDue();
    const [purchase] = fake.eventsOf(order.id);
    expect(purchase.event).toMatchObject({ event_name: "Purchase", event_id: order.id });
    expect(purchase.event.user_data).toMatchObject({ fbp });
    await context.close();
  });

  it("loads nothing of Meta's when the pixel is off", async () => {
    const before = fake.pixelHits.length;
    const context = await newContext(browser, without.baseUrl, PHONE);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (r) => asked.push(r.url()));
    const res = await page.goto(`/products/${product.handle}`);
    expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'self';/);
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    await settle(page);
    expect(await page.evaluate(() => "fbq" in window)).toBe(false);
    expect(await page.locator('meta[name="meta-pixel"]').count()).toBe(0);
    expect(asked.filter((url) => url.startsWith(fake.origin) || /pixel-loader/.test(url))).toEqual([]);
    expect(fake.pixelHits.length).toBe(before);
    await context.close();
  });
});
