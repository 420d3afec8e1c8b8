import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, newContext, PHONE, screenshot } from "./support/browser";
import { startedStore } from "./support/suite";
import { HOME_HERO_SLIDES } from "@shared/constants.js";

interface ApiProduct {
  id: number;
  handle: string;
  name: string;
  category: string;
  createdAt: string;
  images: unknown[];
  price: string;
  colors: string[];
  colorVariantStock: Record<string, boolean>;
}

const suite = startedStore();
let catalogue: ApiProduct[];

beforeAll(async () => {
  catalogue = (await (await fetch(`${suite.store.baseUrl}/api/products`)).json()) as ApiProduct[];
});

async function openPage(path: string, viewport = DESKTOP): Promise<Page> {
  const context = await newContext(suite.browser, suite.store.baseUrl, viewport);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** A demo product with one colour sold out (the Jamawar suit: Green). */
function productWithSoldOutColor() {
  const product = catalogue.find(
    (p) =>
      p.colors.some((c) => p.colorVariantStock[c] === false) && p.colors.some((c) => p.colorVariantStock[c] !== false),
  );
  if (!product) throw new Error("the demo data has no product with a sold-out colour");
  return {
    product,
    soldOut: product.colors.find((c) => product.colorVariantStock[c] === false)!,
    available: product.colors.find((c) => product.colorVariantStock[c] !== false)!,
  };
}

const cardPrices = async (page: Page) =>
  (await page.locator("main article").allInnerTexts()).map((text) =>
    Number(/Rs\. ([\d,]+)/.exec(text)![1].replace(/,/g, "")),
  );

/** Checks the size, colour and add-to-cart flow of the product page, ending with a cart badge of 1. */
async function addToCartFromProductPage(page: Page) {
  const { product, soldOut, available } = productWithSoldOutColor();
  await page.goto(`/products/${product.handle}`);
  await page.getByRole("heading", { level: 1, name: product.name }).waitFor();

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByText("Please select a size").waitFor();
  await page.getByRole("button", { name: "M", exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByText("Please select a color").waitFor();

  const soldOutButton = page.getByRole("button", { name: `${soldOut} (Out of Stock)` });
  expect(await soldOutButton.isDisabled()).toBe(true);
  expect(await soldOutButton.getAttribute("aria-pressed")).toBe("false");

  await page.getByRole("button", { name: available, exact: true }).click();
  expect(await page.getByRole("button", { name: available, exact: true }).getAttribute("aria-pressed")).toBe("true");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByText(`${product.name} has been added to your cart.`).waitFor();
  await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();
  return product;
}

describe("the home page", () => {
  it("shows the hero, the featured collections and eight new arrivals", async () => {
    const page = await openPage("/");
    const hero = page.getByRole("heading", { level: 1 });
    await expect.poll(() => hero.innerText()).toMatch(/^Premium\s+Fashion Collection$/);
    await page.getByRole("heading", { name: "Featured Collections" }).waitFor();
    await page.getByRole("heading", { name: "Formal Collection" }).first().waitFor();
    await page.getByText("Discover our formal collection").first().waitFor();
    await page.getByRole("heading", { name: "New Arrivals" }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator("#new-arrivals article").count()).toBe(8);
    await page.getByRole("link", { name: "View All Products" }).waitFor();
    const chat = page.getByRole("link", { name: "Chat with us on WhatsApp" });
    expect(await chat.getAttribute("rel")).toContain("noopener");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await screenshot(page, "browse-home-desktop");

    // Collections in the navigation scrolls to the section on the home page.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Collections" }).click();
    await expect
      .poll(() => page.evaluate(() => document.getElementById("featured-collections")!.getBoundingClientRect().top))
      .toBeLessThan(200);
    expect(await page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute("content"))).toBe(
      "index, follow",
    );
    await page.context().close();
  });

  it("turns the hero to each category's newest product, pictured ones first, once the carousel is in", async () => {
    const page = await openPage("/", PHONE);
    const newest = new Map<string, ApiProduct>();
    for (const p of [...catalogue].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id))
      if (!newest.has(p.category)) newest.set(p.category, p);
    const expected = [...newest.values()]
      .sort((a, b) => Number(b.images.length > 0) - Number(a.images.length > 0))
      .slice(0, HOME_HERO_SLIDES)
      .map((p) => `/products/${p.handle}`);
    const slides = page.locator('section[aria-labelledby="hero-title"] .swiper-slide a[href^="/products/"]');
    // The server's HTML has the first slide; the others join when Swiper's code is in.
    await expect.poll(() => slides.count(), { timeout: 15_000 }).toBe(expected.length);
    const hrefs = await slides.evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")))]);
    expect(hrefs).toEqual(expected);
    await page.context().close();
  });
});

describe("the shop", () => {
  it("filters by category and colour, sorts by price, switches to a list and keeps it all on reload", async () => {
    const page = await openPage("/shop");
    await page.getByRole("heading", { name: "Shop Collection" }).waitFor();
    await page.getByText(`Showing ${catalogue.length} products`).waitFor();
    await screenshot(page, "browse-shop-desktop");

    const filters = page.getByRole("complementary", { name: "Filters" });
    await filters.getByLabel("Formal").check();
    await filters.getByLabel("Red").check();
    const expected = catalogue.filter((p) => p.category === "formal" && p.colors.includes("Red"));
    expect(expected.length).toBeGreaterThan(1);
    await page.getByText(`Showing ${expected.length} products`).waitFor();
    for (const text of await page.locator("main article").allTextContents())
      expect(text).toContain("Formal Collection");

    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await expect.poll(() => cardPrices(page)).toEqual(expected.map((p) => Number(p.price)).sort((a, b) => a - b));

    await page.getByRole("button", { name: "List view" }).click();
    expect(await page.getByRole("button", { name: "List view" }).getAttribute("aria-pressed")).toBe("true");
    expect(page.url()).toContain("view=list");

    await page.reload();
    await page.getByText(`Showing ${expected.length} products`).waitFor();
    expect(await filters.getByLabel("Formal").isChecked()).toBe(true);
    expect(await page.getByLabel("Sort by").inputValue()).toBe("price-asc");
    expect(await page.getByRole("button", { name: "List view" }).getAttribute("aria-pressed")).toBe("true");
    await page.context().close();
  });

  it("says when nothing matches and clears the filters", async () => {
    const page = await openPage("/shop?category=accessories&priceRange=6000%2B");
    await page.getByText("No products found matching your filters.").waitFor();
    await page.getByRole("main").getByRole("button", { name: "Clear Filters" }).last().click();
    await page.getByText(`Showing ${catalogue.length} products`).waitFor();
    await page.context().close();
  });
});

describe("the product page", () => {
  it("asks for a size, then a colour, refuses a sold-out colour and adds the line to the cart", async () => {
    const page = await openPage("/");
    await addToCartFromProductPage(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "browse-product-desktop");
    await page.context().close();
  });

  it("says so when the product does not exist", async () => {
    const page = await openPage("/products/no-such-product");
    await page.getByRole("heading", { name: "Product Not Found" }).waitFor();
    await page.getByText("The product you're looking for doesn't exist.").waitFor();
    await page.context().close();
  });
});

describe("the wishlist", () => {
  it("keeps a hearted product across a reload and removes it", async () => {
    const page = await openPage("/shop");
    // The shop lists the newest first (created, then id): its first card is the newest product.
    const first = catalogue.slice().sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0];
    const name = (await page.locator("main article :is(h2, h3)").first().innerText()).trim();
    expect(name).toBe(first.name);
    await page.getByRole("button", { name: `Add ${name} to wishlist` }).click();
    await page.getByText(`${name} has been added to your wishlist.`).waitFor();
    await page.getByRole("link", { name: "Wishlist, 1 item" }).waitFor();

    await page.goto("/wishlist");
    await page.reload();
    await page.getByText("1 item(s) saved").waitFor();
    await page.getByRole("heading", { name }).waitFor();
    expect(await page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute("content"))).toBe(
      "noindex, nofollow",
    );
    await screenshot(page, "browse-wishlist-desktop");

    await page.getByRole("button", { name: `Remove ${name} from wishlist` }).click();
    await page.getByText("Your Wishlist is Empty").waitFor();
    await page.context().close();
  });
});

describe("collections, search and unknown pages", () => {
  it("titles a known collection, and says when a collection does not exist", async () => {
    const page = await openPage("/collections/party");
    await page.getByRole("heading", { level: 1, name: "Party Collection" }).waitFor();
    await page.getByText("Glamorous outfits for special celebrations").waitFor();
    await expect
      .poll(() => page.locator("main article").count())
      .toBe(catalogue.filter((p) => p.category === "party").length);
    await page.getByRole("link", { name: "View All Products" }).waitFor();

    await page.goto("/collections/swimwear");
    await page.getByRole("heading", { name: "Collection Not Found" }).waitFor();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().close();
  });

  it("sorts a collection and the search results by price, with the order in the URL and kept on reload", async () => {
    const page = await openPage("/collections/party");
    const party = catalogue.filter((p) => p.category === "party").map((p) => Number(p.price));
    await expect.poll(() => page.locator("main article").count()).toBe(party.length);
    await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
    await page.waitForURL(/\/collections\/party\?sort=price-desc$/);
    await expect.poll(() => cardPrices(page)).toEqual([...party].sort((a, b) => b - a));
    await page.reload();
    expect(await page.getByLabel("Sort by").inputValue()).toBe("price-desc");
    await expect.poll(() => cardPrices(page)).toEqual([...party].sort((a, b) => b - a));

    // A search across the catalogue, sorted; the server renders the sorted page as the browser shows it.
    const res = await fetch(`${suite.store.baseUrl}/search?q=suit&sort=price-asc`);
    expect(res.status).toBe(200);
    await page.goto("/search?q=suit");
    await page.getByText(/results? for “suit”/).waitFor();
    await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    await page.waitForURL(/\/search\?q=suit&sort=price-asc$/);
    // The earlier order stays shown until the sorted page has arrived.
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
      })
      .toBe(true);
    await page.context().close();
  });

  it("finds a product by name from the search page", async () => {
    const page = await openPage("/");
    await page.getByRole("link", { name: "Search" }).click();
    await page.getByLabel("Search products").fill("jhumkas");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/search\?q=jhumkas/);
    for (const p of catalogue.filter((p) => /jhumkas/i.test(p.name)))
      await page.getByRole("heading", { name: p.name }).waitFor();
    await page.context().close();
  });

  it("shows '404 Page Not Found' for an unknown route", async () => {
    const page = await openPage("/no/such/page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.context().close();
  });
});

describe("on a phone", () => {
  it("opens the side menu, browses to a product and adds it to the cart", async () => {
    const page = await openPage("/", PHONE);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, "browse-home-phone");

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("button", { name: "Track Orders" }).waitFor();
    await menu.getByRole("link", { name: "Shop" }).click();
    await page.getByRole("heading", { name: "Shop Collection" }).waitFor();
    await screenshot(page, "browse-shop-phone");

    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("dialog", { name: "Filters" }).getByLabel("Party").check();
    await page.getByRole("button", { name: /^Show \d+ products$/ }).click();
    await page.getByText(`Showing ${catalogue.filter((p) => p.category === "party").length} products`).waitFor();

    await addToCartFromProductPage(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "browse-product-phone");

    const product = catalogue[0];
    await page.goto(`/products/${product.handle}`);
    await page.getByRole("button", { name: `Add ${product.name} to wishlist` }).click();
    await page.goto("/wishlist");
    await page.getByText("1 item(s) saved").waitFor();
    await screenshot(page, "browse-wishlist-phone");
    await page.context().close();
  });
});
