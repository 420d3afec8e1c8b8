import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, newContext, PHONE } from "./support/browser";
import { buyableProducts } from "./support/catalogue";
import { addToCart } from "./support/shopper";
import { startedStore } from "./support/suite";

interface ApiProduct {
  id: number;
  handle: string;
  name: string;
  sizes: string[];
  colors: string[];
  inStock: number;
  images: unknown[];
  colorVariantStock: Record<string, boolean>;
}

const suite = startedStore();
let product: ApiProduct;
const sessionId = randomUUID();

beforeAll(async () => {
  [product] = await buyableProducts<ApiProduct>(suite.store.baseUrl);
  // A cart line, so the cart and checkout are scanned with content rather than their empty states.
  await addToCart(suite.store.baseUrl, sessionId, product, {
    selectedImage: JSON.stringify(product.images[0] ?? null),
  });
});

/**
 * Best-practice rules held to as strictly as WCAG's serious findings, whatever their impact: a
 * heading that skips a level (an h3 card under the page's h1) costs Lighthouse's accessibility
 * score its 100.
 */
const ALSO_HELD = new Set(["heading-order"]);

/** Serious and critical WCAG 2.1 A/AA findings of a page, and any of ALSO_HELD, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return result.violations
    .filter(
      (v) =>
        ALSO_HELD.has(v.id) ||
        ((v.impact === "serious" || v.impact === "critical") && !v.tags.includes("best-practice")),
    )
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(" | ")}`,
    );
}

const pages = () => [
  { path: "/", ready: "New Arrivals" },
  { path: "/shop", ready: "Shop Collection" },
  { path: `/product/${product.id}`, ready: product.name },
  { path: "/cart", ready: "Shopping Cart" },
  { path: "/checkout", ready: null },
  { path: "/wishlist", ready: "My Wishlist" },
  { path: "/collection/formal", ready: "Formal Collection" },
];

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
])("axe on a %s", (_name, viewport) => {
  it("finds no serious or critical violations, nor a skipped heading level, on the storefront's pages", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, viewport);
    await context.addInitScript((id) => localStorage.setItem("store.cart.session", JSON.stringify(id)), sessionId);
    await context.addInitScript(() => localStorage.setItem("store.wishlist", "[1,2]"));
    const page = await context.newPage();
    // No half-faded sections or moving carousels while contrast is measured.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const found: Record<string, string[]> = {};
    for (const { path, ready } of pages()) {
      await page.goto(path);
      if (ready) await page.getByRole("heading", { name: ready }).first().waitFor();
      await page.waitForLoadState("networkidle");
      await page
        .locator('[aria-label^="Loading"]')
        .first()
        .waitFor({ state: "detached" })
        .catch(() => {});
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    await context.close();
    expect(found).toEqual({});
  });
});
