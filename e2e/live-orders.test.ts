import { describe, expect, it } from "vitest";
import { logIn } from "./support/admin";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { buyableProducts } from "./support/catalogue";
import { placeOrder } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
describe("the agents' orders queue", () => {
  it("shows a new order, with its confirmation state and risk, without reloading the page", async () => {
    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await context.newPage();
    const stream = page.waitForResponse((r) => r.url().endsWith("/api/admin/orders/events"));
    await page.goto("/admin/orders");
    await logIn(page);
    await page.getByRole("region", { name: "Orders", exact: true }).waitFor();
    expect((await stream).headers()["content-type"]).toMatch(/^text\/event-stream/);
    // A reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const [product] = await buyableProducts(suite.store.baseUrl);
    await placeOrder(suite.store.baseUrl, product, {
      customerName: "Zainab Live Queue",
      customerPhone: "0321 7654321",
      shippingAddress: "Ask for Zainab at the gate",
      city: "Multan",
    });

    const row = page.getByRole("row", { name: /Zainab Live Queue/ });
    await row.waitFor({ timeout: 10_000 });
    await expect(row.getByText("Medium risk").isVisible()).resolves.toBe(true);
    await expect(row.getByText("Not sent").isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await page.getByLabel("Filter by risk").selectOption("medium");
    await row.waitFor();
    await screenshot(page, "admin-live-orders");
    await context.close();
  });
});
