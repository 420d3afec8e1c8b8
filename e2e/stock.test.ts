import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatRs } from "@shared/rules/money.js";
import type { AdminOrderPage } from "@shared/schemas/orders.js";
import type { Product } from "@shared/schemas/products.js";
import { logIn } from "./support/admin";
import { launchBrowser, newContext, screenshot } from "./support/browser";
import { startStore, type RunningStore } from "./support/store";

/** A product that counts stock: Red has 2 in M and 8 in L; Blue is sold out in every size. */
async function trackedProduct(store: RunningStore, name: string): Promise<Product> {
  const res = await store.adminFetch("/api/products", {
    method: "POST",
    json: {
      name,
      sku: name.toUpperCase().replace(/\s+/g, "-"),
      description: "Counted stock",
      price: "2800",
      category: "casual",
      sizes: ["M", "L"],
      colors: ["Red", "Blue"],
      inStock: 1,
      featured: 0,
      variantStock: [
        { size: "M", color: "Red", quantity: 2 },
        { size: "L", color: "Red", quantity: 8 },
      ],
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Product;
}

describe("stock per size and colour", () => {
  let store: RunningStore;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchBrowser()]);
    context = await newContext(browser, store.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  it("shows 'Only 2 left' for the last two of a size and colour, and a sold-out colour cannot be picked", async () => {
    const product = await trackedProduct(store, "Counted Kurta");
    const page = await context.newPage();
    await page.goto(`/product/${product.id}`);
    const blue = page.getByRole("button", { name: /Blue/ });
    await blue.waitFor();
    expect(await blue.isDisabled()).toBe(true);
    expect(await blue.textContent()).toContain("(Out of Stock)");

    await page.getByRole("button", { name: "M", exact: true }).click();
    await page.getByRole("button", { name: /Red/ }).click();
    await page.getByText("Only 2 left").waitFor();
    await screenshot(page, "stock-only-2-left");

    await page.getByRole("button", { name: "L", exact: true }).click();
    expect(await page.getByText(/Only \d+ left/).count()).toBe(0);
    await page.close();
  });

  it("lets an admin take a WhatsApp order by hand, taking its stock", async () => {
    const product = await trackedProduct(store, "Handmade Order Kurta");
    const page = await context.newPage();
    await page.goto("/admin/orders");
    await logIn(page);
    await page.getByRole("button", { name: "Take an order" }).click();

    const dialog = page.getByRole("dialog", { name: "Take an order" });
    await dialog.getByLabel("Search products").fill("Handmade Order");
    await dialog.getByRole("button", { name: /Handmade Order Kurta/ }).click();
    await dialog.getByLabel("Size").selectOption("L");
    await dialog.getByLabel("Colour").selectOption("Red");
    await dialog.getByLabel("Quantity").fill("3");
    await dialog.getByRole("button", { name: "Add item" }).click();
    await dialog.getByText("3 × Handmade Order Kurta (L / Red)").waitFor();

    await dialog.getByLabel("First Name").fill("Hina");
    await dialog.getByLabel("Last Name").fill("Baig");
    await dialog.getByLabel("WhatsApp Number").fill("0300 7654321");
    await dialog.getByLabel("Street Address").fill("House 7, Street 9, DHA Phase 5");
    await dialog.getByLabel("City", { exact: true }).fill("Lahore");
    await dialog.getByLabel("Source").selectOption("whatsapp");
    // The dialog shows the server's quote for these lines and city, never a sum of its own.
    const quoted = await (
      await store.adminFetch("/api/checkout/quote", {
        method: "POST",
        json: { items: [{ productId: product.id, size: "L", color: "Red", quantity: 3 }], city: "Lahore" },
      })
    ).json();
    await dialog
      .getByTestId("summary-total")
      .filter({ hasText: formatRs(quoted.total) })
      .waitFor();
    expect(await dialog.getByTestId("manual-line-price").textContent()).toBe(`${formatRs(quoted.lines[0].price)} each`);
    await screenshot(page, "stock-manual-order");
    await dialog.getByRole("button", { name: "Place order" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "Order Taken" }).first().waitFor();

    const orders = (await (await store.adminFetch("/api/orders?limit=5")).json()) as AdminOrderPage;
    const taken = orders.orders.find((o) => o.customerName === "Hina Baig")!;
    expect(taken).toMatchObject({ source: "whatsapp", status: "pending", total: "8400.00" });
    expect(Number(taken.total)).toBe(quoted.total);
    const after = (await (await store.adminFetch(`/api/products/${product.id}`)).json()) as Product;
    expect(after.variantStock?.find((s) => s.size === "L" && s.color === "Red")?.quantity).toBe(5);
    await page.close();
  });
});
