import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { FAKE_KEY, FAKE_PASSWORD, startLeopardsFake, type LeopardsFake } from "@server/test/fakes/leopards-fake.js";
import { POSTEX_TOKEN, startPostexFake, type PostexFake } from "@server/test/fakes/postex-fake.js";
import { openAdmin } from "./support/admin";
import { DESKTOP, newContext, screenshot } from "./support/browser";
import { buyableProducts, type BuyableProduct } from "./support/catalogue";
import { placeOrder } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
let postex: PostexFake;
let leopards: LeopardsFake;
let product: BuyableProduct;

beforeAll(async () => {
  [postex, leopards] = await Promise.all([startPostexFake(), startLeopardsFake()]);
});
afterAll(async () => {
  await Promise.all([postex?.close(), leopards?.close()]);
});
beforeAll(async () => {
  [product] = await buyableProducts(suite.store.baseUrl);
});

async function readyOrder(customerName: string): Promise<string> {
  const { id } = await placeOrder(suite.store.baseUrl, product, {
    customerName,
    customerPhone: "0301 4000003",
    shippingAddress: "House 7, Street 2, Johar Town",
  });
  await suite.store.adminFetch(`/api/orders/${id}`, { method: "PATCH", json: { status: "processing" } });
  return id;
}

describe("courier journeys", () => {
  it("an agent books two orders with PostEx, then answers a failed delivery attempt", async () => {
    const ids = [await readyOrder("Areeba Khalid"), await readyOrder("Nimra Javed")];
    const connected = await Promise.all([
      suite.store.adminFetch("/api/admin/couriers/postex", {
        method: "PUT",
        json: { enabled: true, baseUrl: postex.baseUrl, token: POSTEX_TOKEN, pickupAddressCode: "001" },
      }),
      suite.store.adminFetch("/api/admin/couriers/leopards", {
        method: "PUT",
        json: { enabled: true, baseUrl: leopards.baseUrl, apiKey: FAKE_KEY, apiPassword: FAKE_PASSWORD },
      }),
    ]);
    expect(connected.map((r) => r.status)).toEqual([200, 200]);

    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await openAdmin(context, "/admin/orders");
    await page
      .getByRole("group", { name: "Filter by status" })
      .getByRole("button", { name: /^Ready to Ship/ })
      .click();
    for (const id of ids) await page.getByLabel(`Select order ${orderNumber(id)}`).check();
    const bar = page.getByRole("region", { name: "Selected orders" });
    await bar.getByLabel("Courier to book with").selectOption({ label: "PostEx" });
    await bar.getByRole("button", { name: "Book with PostEx" }).click();
    await page.getByRole("status", { name: "Booking results" }).getByText("Booked 2 of 2").waitFor();
    await screenshot(page, "couriers-booked-postex-desktop");
    const created = postex.calls("v3/create-order").map((r) => r.body.orderRefNumber);
    expect(created).toEqual(ids.map((id) => orderNumber(id)));

    // The rider found nobody home: PostEx puts the parcel under review.
    const first = ids[0];
    const order = (await (await suite.store.adminFetch(`/api/orders/${first}`)).json()) as { trackingNumber: string };
    postex.setStatus(order.trackingNumber, "Delivery Under Review", "Customer not available");
    await page.getByRole("button", { name: "Check parcels now" }).click();
    await page.getByText(/parcels asked about/).waitFor();

    await page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name: /^All/ }).click();
    await page.getByLabel("Failed deliveries to answer").check();
    await page.getByRole("button", { name: `View order ${orderNumber(first)}` }).click();
    const view = page.getByRole("dialog", { name: `Order #${orderNumber(first)}` });
    const failed = view.getByRole("group", { name: "Failed delivery" });
    await failed.getByText("Customer not available").waitFor();
    await screenshot(page, "couriers-failed-delivery-desktop");
    await failed.getByRole("button", { name: "Deliver again" }).click();
    await failed.getByText("Chosen:").waitFor();
    await suite.store.app.jobs.runDue();
    expect(postex.adviceFor(order.trackingNumber)).toMatchObject({ statusId: 2 });
    await context.close();
  });
});
