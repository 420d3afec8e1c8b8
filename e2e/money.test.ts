import { describe, expect, it } from "vitest";
import { formatRs } from "@shared/rules/money.js";
import { screenshot } from "./support/browser";
import { buyableProducts } from "./support/catalogue";
import { addToCart, shopperPage } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
describe("what the shopper pays", () => {
  it("shows the delivery fee change with the city, applies a code at checkout, and the order has the same amounts", async () => {
    for (const [key, value] of [
      ["delivery_fee", "250"],
      ["delivery_fee_by_city", { Karachi: 150 }],
    ] as const)
      expect((await suite.store.adminFetch(`/api/settings/${key}`, { method: "PUT", json: { value } })).status).toBe(
        200,
      );
    const code = await suite.store.adminFetch("/api/admin/discounts", {
      method: "POST",
      json: { code: "WELCOME10", kind: "percent", value: 10 },
    });
    expect(code.status).toBe(201);

    const [product] = await buyableProducts(suite.store.baseUrl);
    const { page, context, sessionId } = await shopperPage(suite.browser, suite.store.baseUrl);
    // The unit price the shopper pays, as the cart answers it.
    const price = await addToCart(suite.store.baseUrl, sessionId, product);

    await page.goto("/cart");
    const summary = page.getByTestId("price-summary");
    await summary.getByText("Rs. 250").waitFor();
    await page.getByRole("button", { name: /Proceed to Checkout/ }).click();
    await page.waitForURL(/\/checkout/);
    await summary.getByText("Rs. 250").waitFor();
    await page.getByLabel("City", { exact: true }).fill("karachi");
    await summary.getByText("Rs. 150").waitFor();

    await page.getByRole("textbox", { name: "Discount code" }).fill("welcome10");
    await page.getByRole("button", { name: "Apply" }).click();
    const off = Math.floor(price * 0.1 + 0.5);
    await page
      .getByTestId("discount-code-message")
      .getByText(`Code WELCOME10 applied: ${formatRs(off)} off`)
      .waitFor();
    const total = formatRs(price - off + 150);
    await expect.poll(() => page.getByTestId("summary-total").textContent()).toBe(total);
    await screenshot(page, "checkout-with-code-and-delivery");

    await page.getByLabel("First Name").fill("Ayesha");
    await page.getByLabel("Last Name").fill("Khan");
    await page.getByLabel("WhatsApp Number").fill("0300 5551234");
    await page.getByLabel("Street Address").fill("House 12, Street 4, Clifton Block 5");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText("Thank you!").waitFor();

    const list = await (await suite.store.adminFetch("/api/orders?limit=5")).json();
    const order = list.orders.find((o: { customerPhone: string }) => o.customerPhone === "0300 5551234");
    expect(order).toMatchObject({
      subtotal: price.toFixed(2),
      discount: off.toFixed(2),
      deliveryFee: "150.00",
      codFee: "0.00",
      total: (price - off + 150).toFixed(2),
      discountCode: "WELCOME10",
    });
    await context.close();
  });
});
