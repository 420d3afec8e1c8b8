import { describe, expect, it } from "vitest";
import { PAKISTANI_MOBILE_MESSAGE } from "@shared/rules/pakistani-mobile.js";
import { openAdmin } from "./support/admin";
import { screenshot } from "./support/browser";
import { buyableProducts } from "./support/catalogue";
import { addToCart, shopperPage } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
describe("checkout's fake-order rules", () => {
  it("says what is wrong with a landline, a city without COD and a blocked number, and the owner manages both", async () => {
    const [product] = await buyableProducts(suite.store.baseUrl);
    const { page, context, sessionId } = await shopperPage(suite.browser, suite.store.baseUrl);
    await addToCart(suite.store.baseUrl, sessionId, product);

    await page.goto("/cart");
    await page.getByRole("button", { name: /Proceed to Checkout/ }).click();
    await page.waitForURL(/\/checkout/);
    await page.getByLabel("First Name").fill("Ayesha");
    await page.getByLabel("Last Name").fill("Khan");
    await page.getByLabel("WhatsApp Number").fill("042 35761234");
    await page.getByLabel("Street Address").fill("House 12, Street 4, Model Town");
    await page.getByLabel("City", { exact: true }).fill("Multan");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText(PAKISTANI_MOBILE_MESSAGE).waitFor();

    expect(
      (
        await suite.store.adminFetch("/api/settings/cod_cities", {
          method: "PUT",
          json: { value: ["Lahore", "Karachi"] },
        })
      ).status,
    ).toBe(200);
    await page.getByLabel("WhatsApp Number").fill("0300 7771234");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText(/Cash on delivery is available only in these cities: Lahore, Karachi/).waitFor();
    await screenshot(page, "checkout-cod-rule");

    expect(
      (
        await suite.store.adminFetch("/api/admin/blocklist", {
          method: "POST",
          json: { phone: "+92 300 7771234", reason: "fake orders" },
        })
      ).status,
    ).toBe(201);
    await page.getByLabel("City", { exact: true }).fill("lahore");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText(/message us on WhatsApp and we will help you/).waitFor();

    // The owner sees both on the settings page and lifts the rule there.
    const admin = await openAdmin(context);
    await admin.goto("/settings");
    await admin.getByRole("list", { name: "Blocked numbers" }).getByText("+92 300 7771234").waitFor();
    await admin.getByRole("region", { name: "Template order_confirmation" }).getByText("Confirm order").waitFor();
    const cities = admin.getByLabel("Cities with cash on delivery");
    await expect.poll(() => cities.inputValue()).toBe("Lahore, Karachi");
    await cities.fill("");
    await admin.getByRole("button", { name: "Save COD Rules" }).click();
    await admin.getByText("COD rules saved").waitFor();
    await screenshot(admin, "settings-cod-and-blocklist");
    const settings = (await (await fetch(`${suite.store.baseUrl}/api/settings`)).json()) as {
      key: string;
      value: unknown;
    }[];
    expect(settings.find((s) => s.key === "cod_cities")?.value).toBe("");
    await context.close();
  });
});
