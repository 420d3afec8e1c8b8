import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "@server/test/fakes/leopards-fake.js";
import { openAdmin } from "./support/admin";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { buyableProducts, type BuyableProduct } from "./support/catalogue";
import { placeOrder } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
let fake: LeopardsFake;
let product: BuyableProduct;

beforeAll(async () => {
  fake = await startLeopardsFake();
});
afterAll(async () => {
  await fake?.close();
});
beforeAll(async () => {
  product = (await buyableProducts(suite.store.baseUrl)).find((p) => p.sizes.length > 1)!;
});

async function placeOrderFor(customerPhone: string, customerName: string): Promise<string> {
  return (await placeOrder(suite.store.baseUrl, product, { customerName, customerPhone })).id;
}

describe("shipping journeys", () => {
  it("an agent selects three ready orders, prints their labels and books them with Leopards", async () => {
    const ids = [];
    for (const name of ["Sana Iqbal", "Hira Aslam", "Maryam Noor"]) ids.push(await placeOrderFor("0345 6000001", name));
    const ready = await suite.store.adminFetch("/api/admin/orders", {
      method: "PATCH",
      json: { ids, status: "processing" },
    });
    expect(await ready.json()).toEqual({ changed: 3 });
    const connect = await suite.store.adminFetch("/api/admin/courier-settings", {
      method: "PUT",
      json: { enabled: true, baseUrl: fake.baseUrl, apiKey: FAKE_KEY, apiPassword: FAKE_PASSWORD, timeoutSeconds: 5 },
    });
    expect(connect.status).toBe(200);

    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await openAdmin(context, "/admin/orders");
    await page
      .getByRole("group", { name: "Filter by status" })
      .getByRole("button", { name: /^Ready to Ship/ })
      .click();
    for (const id of ids) await page.getByLabel(`Select order ${orderNumber(id)}`).check();
    const bar = page.getByRole("region", { name: "Selected orders" });
    await bar.getByText("3 selected").waitFor();

    const labels = bar.getByRole("link", { name: "Print labels (A6)" });
    const pdf = await page.request.get(String(await labels.getAttribute("href")));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await PDFDocument.load(await pdf.body())).getPageCount()).toBe(3);

    await bar.getByRole("button", { name: "Book with Leopards" }).click();
    const results = page.getByRole("status", { name: "Booking results" });
    await results.getByText("Booked 3 of 3").waitFor();
    await screenshot(page, "shipping-booked-desktop");
    expect(fake.calls("bookPacket")).toHaveLength(3);

    await page
      .getByRole("group", { name: "Filter by status" })
      .getByRole("button", { name: /^Shipped/ })
      .click();
    await page.getByRole("button", { name: `View order ${orderNumber(ids[0])}` }).click();
    const view = page.getByRole("dialog", { name: `Order #${orderNumber(ids[0])}` });
    await view.getByRole("link", { name: /Track on Leopards/ }).waitFor();
    await context.close();
  });

  it("a customer asks for an exchange from the tracking card and sees it approved", async () => {
    const phone = "0333 7000002";
    const id = await placeOrderFor(phone, "Zoya Tariq");
    for (const status of ["processing", "shipped", "delivered"])
      expect((await suite.store.adminFetch(`/api/orders/${id}`, { method: "PATCH", json: { status } })).status).toBe(
        200,
      );

    const shopper = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const home = await shopper.newPage();
    await home.goto("/");
    await home.getByRole("button", { name: "Track Orders" }).first().click();
    const dialog = home.getByRole("dialog", { name: "Track Your Orders" });
    await dialog.getByLabel("Phone Number").fill(phone);
    // The order number from WhatsApp or the label shows the order in full, with its number.
    await dialog.getByLabel("Order Number (optional)").fill(orderNumber(id).toLowerCase());
    await dialog.getByRole("button", { name: "Search Orders" }).click();
    const card = dialog.getByRole("article", { name: `Order ${orderNumber(id)}` });
    await card.getByText("Zoya Tariq").waitFor();
    await card.getByRole("button", { name: "Return or exchange" }).click();
    const form = card.getByRole("form", { name: "Return or exchange request" });
    await form.getByRole("checkbox").first().check();
    // Only the variants on sale and in stock are offered, named by their options.
    await form.getByLabel(`Exchange ${product.name} (`).selectOption({ index: 1 });
    await form.getByLabel("Why?").fill("Too small");
    await form.getByRole("button", { name: "Send request" }).click();
    await card.getByText(/^Exchange requested/).waitFor();
    await screenshot(home, "shipping-exchange-requested-desktop");

    const agent = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const admin = await openAdmin(agent, "/admin/returns");
    const request = admin.getByRole("listitem", { name: `Exchange for order ${orderNumber(id)}` });
    await request.getByText("Too small").waitFor();
    await request.getByRole("button", { name: "Approve" }).click();
    await admin.getByRole("button", { name: "Approved" }).click();
    await admin
      .getByRole("listitem", { name: `Exchange for order ${orderNumber(id)}` })
      .getByRole("button", { name: "Complete exchange" })
      .waitFor();
    await agent.close();

    await dialog.getByRole("button", { name: "Search Orders" }).click();
    await card.getByText(/^Exchange approved/).waitFor();
    await screenshot(home, "shipping-exchange-approved-desktop");
    await shopper.close();
  });
});
