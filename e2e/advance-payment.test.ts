import { PDFParse } from "pdf-parse";

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { openAdmin } from "./support/admin";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { buyableProducts } from "./support/catalogue";
import { addToCart, shopperPage } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
async function labelText(id: string): Promise<{ status: number; text: string }> {
  const res = await suite.store.adminFetch(`/api/admin/orders/labels.pdf?ids=${id}`);
  if (res.status !== 200) return { status: res.status, text: await res.text() };
  const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
  try {
    return { status: 200, text: (await parser.getText()).text };
  } finally {
    await parser.destroy();
  }
}

describe("advance payments", () => {
  it("a big order shows its advance at checkout, the tracking card says where to pay, the proof is marked paid and the label collects less", async () => {
    for (const [key, value] of [
      ["advance_over_total", "1"],
      ["advance_percent", "50"],
      ["payment_accounts", [{ method: "easypaisa", title: "Zaiba Store", account: "03451234567" }]],
    ] as const)
      expect((await suite.store.adminFetch(`/api/settings/${key}`, { method: "PUT", json: { value } })).status).toBe(
        200,
      );

    const [product] = await buyableProducts(suite.store.baseUrl);
    const { page, context, sessionId } = await shopperPage(suite.browser, suite.store.baseUrl);
    const price = await addToCart(suite.store.baseUrl, sessionId, product);
    const advance = Math.ceil(price / 2);

    await page.goto("/checkout");
    await expect.poll(() => page.getByTestId("quote-advance").textContent()).toBe(formatRs(advance));
    await screenshot(page, "advance-checkout");

    const phone = "0300 5557788";
    await page.getByLabel("First Name").fill("Mahnoor");
    await page.getByLabel("Last Name").fill("Ali");
    await page.getByLabel("WhatsApp Number").fill(phone);
    await page.getByLabel("Street Address").fill("House 7, Street 9, Gulberg III");
    await page.getByLabel("City", { exact: true }).fill("Lahore");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText("Thank you!").waitFor();
    await page.getByTestId("advance-panel").getByText("03451234567").waitFor();

    const list = await (await suite.store.adminFetch("/api/orders?limit=5&advance=owed")).json();
    const order = list.orders.find((o: { customerPhone: string }) => o.customerPhone === phone);
    expect(order.advance).toMatchObject({ amount: advance.toFixed(2), owed: advance.toFixed(2), status: "due" });
    // Owed and unpaid: no label tells a rider to collect anything yet.
    expect((await labelText(order.id)).status).toBe(409);

    await page.goto("/");
    await page.getByRole("button", { name: "Track Orders" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Track Your Orders" });
    await dialog.getByLabel("Phone Number").fill(phone);
    await dialog.getByLabel("Order Number (optional)").fill(orderNumber(order.id));
    await dialog.getByRole("button", { name: "Search Orders" }).click();
    const card = dialog.getByRole("article", { name: `Order ${orderNumber(order.id)}` });
    const panel = card.getByTestId("advance-panel");
    await panel.getByText("03451234567").waitFor();
    await expect(panel.getByTestId("advance-owed").textContent()).resolves.toBe(formatRs(advance));
    const receipt = await sharp({ create: { width: 300, height: 500, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    await panel.getByLabel("Transaction ID").fill("EP-558812");
    await panel
      .getByLabel("Screenshot or photo of the payment")
      .setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: receipt });
    await panel.getByRole("button", { name: "Send payment proof" }).click();
    await panel.getByText("We have your payment proof").waitFor();
    await screenshot(page, "advance-proof-sent");
    await context.close();

    const agent = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const admin = await openAdmin(agent, "/admin/orders");
    await admin.getByRole("button", { name: `View order ${orderNumber(order.id)}` }).click();
    const section = admin.getByRole("region", { name: "Advance" });
    await section.getByRole("img", { name: "The shopper's payment proof" }).waitFor();
    await section.getByText("EP-558812").waitFor();
    // The amount to receive is the server's figure (advance.owed), not one the browser worked out.
    const shown = await (await suite.store.adminFetch(`/api/orders/${order.id}`)).json();
    expect(await section.getByLabel("Amount received (Rs.)").inputValue()).toBe(String(Number(shown.advance.owed)));
    await section.getByRole("button", { name: "Mark paid" }).click();
    await admin.getByText("Advance marked paid").waitFor();
    await screenshot(admin, "advance-marked-paid");
    await agent.close();

    const label = await labelText(order.id);
    expect(label.status).toBe(200);
    expect(label.text).toContain(formatRs(price - advance));
  });
});
