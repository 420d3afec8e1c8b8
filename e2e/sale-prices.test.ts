import { describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { reductionPaisa, toPaisa } from "@shared/rules/discounts.js";
import { openAdmin } from "./support/admin";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { buyableProducts } from "./support/catalogue";
import { addToCart, shopperPage } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
interface ShopProduct {
  id: number;
  name: string;
  category: string;
  price: string;
  originalPrice: string | null;
}

describe("an automatic sale", () => {
  it("is made by the owner, struck through in the shop and on the product page, saved in the quote, and kept on the order", async () => {
    // A product with no price of its own struck through: the sale's is the only one.
    const all = (await (await fetch(`${suite.store.baseUrl}/api/products`)).json()) as ShopProduct[];
    const buyable = new Set((await buyableProducts(suite.store.baseUrl)).map((p) => p.id));
    const product = all.find((p) => buyable.has(p.id) && p.originalPrice === null)!;
    expect(product).toBeDefined();
    const regular = Number(product.price);
    const salePrice = (toPaisa(regular) - reductionPaisa("percent", 30, toPaisa(regular))) / 100;

    // The owner makes the sale in the Discounts tab.
    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const admin = await openAdmin(context, "/admin/discounts");
    await admin.getByRole("button", { name: "New Discount" }).click();
    const dialog = admin.getByRole("dialog", { name: "New discount" });
    await dialog.getByLabel("Type").selectOption("sale");
    await dialog.getByRole("combobox", { name: "Discount", exact: true }).selectOption("percent");
    await dialog.getByLabel("Percent (1–100)").fill("30");
    await dialog.getByLabel("Collections").fill(product.category);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await admin.getByRole("cell", { name: "Automatic sale" }).first().waitFor();

    // The shopper sees the sale price with the regular one struck through, in the shop…
    const shop = await context.newPage();
    await shop.goto(`/shop?category=${encodeURIComponent(product.category)}`);
    const card = shop.locator("main article").filter({ hasText: product.name }).first();
    await card.getByText(formatRs(salePrice), { exact: true }).first().waitFor();
    expect(await card.locator("s").first().textContent()).toContain(formatRs(regular));
    await card.getByText("30% OFF").first().waitFor();
    await screenshot(shop, "sale-shop-card");

    // …and on the product page, in the HTML before scripts run as well.
    const html = await (await fetch(`${suite.store.baseUrl}/product/${product.id}`)).text();
    expect(html).toContain(formatRs(salePrice));
    await shop.goto(`/product/${product.id}`);
    const struck = shop.locator("main s").first();
    await struck.waitFor();
    expect(await struck.textContent()).toContain(formatRs(regular));
    await shop.getByText(formatRs(salePrice), { exact: true }).first().waitFor();

    // The cart and the checkout's quote say what the sale saves.
    const full = (await buyableProducts(suite.store.baseUrl)).find((p) => p.id === product.id)!;
    const { page, context: shopper, sessionId } = await shopperPage(suite.browser, suite.store.baseUrl);
    await addToCart(suite.store.baseUrl, sessionId, full, { quantity: 2 });
    await page.goto("/cart");
    const saved = formatRs((regular - salePrice) * 2);
    await page.getByTestId("sale-savings").getByText(saved).waitFor();
    await expect.poll(() => page.getByTestId("summary-total").textContent()).toBe(formatRs(salePrice * 2));
    await page.getByRole("button", { name: /Proceed to Checkout/ }).click();
    await page.waitForURL(/\/checkout/);
    await page.getByTestId("sale-savings").getByText(saved).waitFor();
    await screenshot(page, "sale-checkout-quote");
    await page.getByLabel("First Name").fill("Sana");
    await page.getByLabel("Last Name").fill("Malik");
    await page.getByLabel("WhatsApp Number").fill("0300 5557788");
    await page.getByLabel("Street Address").fill("House 7, Street 9, Johar Town");
    await page.getByLabel("City", { exact: true }).fill("Lahore");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText("Thank you!").waitFor();

    const list = await (await suite.store.adminFetch("/api/orders?limit=5")).json();
    const order = list.orders.find((o: { customerPhone: string }) => o.customerPhone === "0300 5557788");
    expect(order).toMatchObject({
      subtotal: (salePrice * 2).toFixed(2),
      saleDiscount: ((regular - salePrice) * 2).toFixed(2),
      total: (salePrice * 2).toFixed(2),
    });
    expect(order.items[0]).toMatchObject({ price: salePrice, regularPrice: regular });

    // The admin's order view shows the parts: the line's regular price struck through, the sale's savings.
    await admin.goto("/admin/orders");
    await admin.getByRole("button", { name: `View order ${orderNumber(order.id)}` }).click();
    const view = admin.getByRole("dialog", { name: `Order #${orderNumber(order.id)}` });
    await view.getByTestId("order-sale-discount").getByText(saved).waitFor();
    expect(await view.getByLabel("Regular price").first().textContent()).toContain(formatRs(regular * 2));
    await screenshot(admin, "sale-admin-order-view");

    // The Discounts tab counts the sale's order like a code's.
    const discounts = await (await suite.store.adminFetch("/api/admin/discounts")).json();
    expect(discounts.find((d: { code: string | null }) => d.code === null)).toMatchObject({
      uses: 1,
      orders: 1,
      revenue: salePrice * 2,
      amountOff: (regular - salePrice) * 2,
    });
    await shopper.close();
    await context.close();
  });
});
