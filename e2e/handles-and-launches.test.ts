import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ManualClock } from "@server/jobs/clock.js";
import { DESKTOP, newContext, PHONE, screenshot } from "./support/browser";
import { startedStore } from "./support/suite";

// Issue 40, decisions 039 and 046: a draft is invisible to shoppers until its launch time, which
// the store's clock reaches (moved by the test, never waited for); an old /product/{id} link lands
// on the product's page at its handle.
const clock = new ManualClock();
const suite = startedStore({ clock });

interface ApiProduct {
  id: number;
  handle: string;
  name: string;
  status: string;
}

const cardNames = (page: Page) => page.locator("main article").getByRole("heading").allInnerTexts();

/** The shop as a shopper opens it: newest first, so a product just launched leads the list. */
async function openShop(page: Page) {
  await page.goto("/shop");
  expect(await page.getByLabel("Sort by").inputValue()).toBe("newest");
  await expect.poll(async () => (await cardNames(page)).length).toBeGreaterThan(0);
}

async function searchFor(page: Page, words: string) {
  await page.getByRole("link", { name: "Search" }).click();
  await page.getByLabel("Search products").fill(words);
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL(/\/search\?q=/);
}

describe("a draft with a launch time", () => {
  it("is invisible in the shop, the search and at its address until its time, then appears and its page opens", async () => {
    const launchAt = new Date(clock.now().getTime() + 20 * 60_000);
    const name = "Zari Launch Lawn Suit";
    const made = await suite.store.adminFetch("/api/products", {
      method: "POST",
      json: {
        name,
        sku: "ZARI-LAUNCH",
        description: "Three-piece lawn for the 8 pm launch.",
        price: "5490",
        category: "casual",
        sizes: ["S", "M"],
        colors: ["Ferozi"],
        inStock: 1,
        featured: 0,
        publishAt: launchAt.toISOString(),
      },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const draft = (await made.json()) as ApiProduct;
    expect(draft.status).toBe("draft");
    expect(draft.handle).toBe("zari-launch-lawn-suit");

    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await context.newPage();
    // The draft, saved last, would lead the list were it shown.
    await openShop(page);
    expect(await cardNames(page)).not.toContain(name);
    await searchFor(page, "Zari Launch");
    await page.getByText("No products found for “Zari Launch”.").waitFor();
    const missing = await page.goto(`/products/${draft.handle}`);
    expect(missing!.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Product Not Found" }).waitFor();

    // A minute short of the launch: still hidden.
    clock.set(new Date(launchAt.getTime() - 60_000));
    await openShop(page);
    expect(await cardNames(page)).not.toContain(name);

    clock.set(launchAt);
    await openShop(page);
    expect((await cardNames(page))[0]).toBe(name);
    await searchFor(page, "Zari Launch");
    await page.getByRole("link", { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/products/${draft.handle}`);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByText("Rs. 5,490").first().waitFor();
    const reloaded = await page.reload();
    expect(reloaded!.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await screenshot(page, "launch-product-desktop");
    await context.close();
  });
});

describe("an old product link", () => {
  it("lands on the product's page at its handle, whose canonical link is the handle's address", async () => {
    const res = await fetch(`${suite.store.baseUrl}/api/products/7`);
    expect(res.status).toBe(200);
    const product = (await res.json()) as ApiProduct;
    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    // The link as it sits in an old WhatsApp message or Instagram caption, clicked.
    await page.goto("/");
    await page.evaluate((href) => {
      const link = document.createElement("a");
      link.href = href;
      link.textContent = "Shop this look";
      document.body.prepend(link);
    }, `${suite.store.baseUrl}/product/7?utm_source=whatsapp`);
    await page.getByRole("link", { name: "Shop this look" }).click();
    await page.waitForURL((url) => url.pathname === `/products/${product.handle}`);
    expect(new URL(page.url()).search).toBe("?utm_source=whatsapp");
    await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      new RegExp(`^https?://[^/]+/products/${product.handle}$`),
    );
    await context.close();
  });
});
