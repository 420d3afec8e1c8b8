import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeCloudApi } from "@server/test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "@server/test/fakes/whatsapp-config.js";
import { textMessage } from "@server/test/fakes/whatsapp-webhooks.js";
import { webhookSignature } from "@server/modules/whatsapp/webhook/webhook-signature.js";
import { logIn } from "./support/admin";
import { newContext, PHONE, screenshot } from "./support/browser";
import { buyableProducts } from "./support/catalogue";
import { placeOrder } from "./support/shopper";
import { startedStore } from "./support/suite";

const fake = new FakeCloudApi();
let config: ReturnType<typeof testWhatsappConfig>;
beforeAll(async () => {
  await fake.start();
  config = testWhatsappConfig(fake.url);
});
afterAll(async () => {
  await fake.stop();
});
const suite = startedStore(() => ({ whatsapp: config }));

/** Nothing on the page is wider than the phone's screen. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("an agent answers a customer's WhatsApp question from a phone", () => {
  it("reads the question in the inbox, answers it, and confirms the order from the conversation", async () => {
    const [product] = await buyableProducts(suite.store.baseUrl);
    const { id: orderId } = await placeOrder(suite.store.baseUrl, product, {
      customerName: "Hina Inbox",
      customerPhone: "0300 5550101",
      shippingAddress: "House 12, Street 4, near the mosque",
    });

    const body = JSON.stringify(textMessage({ phone: "923005550101", name: "Hina" }, "Can I get it in size L?"));
    const delivered = await fetch(`${suite.store.baseUrl}/api/whatsapp/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": webhookSignature(config.appSecret, body) },
      body,
    });
    expect(delivered.status).toBe(200);

    const context = await newContext(suite.browser, suite.store.baseUrl, PHONE);
    const page = await context.newPage();
    await page.goto("/admin/inbox");
    await logIn(page);
    await page.getByRole("tab", { name: /WhatsApp.*1 unread/ }).waitFor();
    const conversation = page.getByRole("button", { name: /Hina.*Can I get it in size L\?/ });
    await conversation.waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await conversation.click();

    await page.getByRole("list", { name: "Messages" }).getByText("Can I get it in size L?").waitFor();
    await page.getByLabel("Reply on WhatsApp").fill("Yes, L is in stock. Shall I change it?");
    const queued = page.waitForResponse((r) => r.url().endsWith("/messages") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    expect((await queued).status()).toBe(202);
    // This store's job runner is not started: its jobs run here, as a started one would run them.
    await expect
      .poll(async () => {
        await suite.store.app.jobs.runDue();
        return fake.received.some((m) => m.body.type === "text");
      })
      .toBe(true);
    const reply = fake.received.find((m) => m.body.type === "text")!;
    expect(reply.body).toMatchObject({ to: "923005550101", text: { body: "Yes, L is in stock. Shall I change it?" } });
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, "admin-whatsapp-inbox-phone");

    await page.getByRole("region", { name: "Customer's orders" }).getByRole("button", { name: "Confirm" }).click();
    await page
      .getByText(/is processing/i)
      .first()
      .waitFor();
    const order = (await (await suite.store.adminFetch(`/api/orders/${orderId}`)).json()) as { status: string };
    expect(order.status).toBe("processing");

    await page.goto("/admin/orders");
    await page.getByRole("region", { name: "Orders", exact: true }).waitFor();
    await page.getByText("Hina Inbox").first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await screenshot(page, "admin-orders-phone-cards");
    await page
      .getByRole("button", { name: /View order/ })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await context.close();
  });
});
