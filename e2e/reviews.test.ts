import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import { ORDER_NUMBER_NEEDED } from "@shared/schemas/order-proof.js";
import { DESKTOP, PHONE, screenshot } from "./support/browser";
import { buyableProducts, type BuyableProduct } from "./support/catalogue";
import { addToCart, placeOrder, shopperPage } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
let products: BuyableProduct[];

beforeAll(async () => {
  products = await buyableProducts(suite.store.baseUrl);
});

async function myOrderIds(sessionId: string): Promise<string[]> {
  const res = await fetch(`${suite.store.baseUrl}/api/orders/mine`, { headers: { "x-session-id": sessionId } });
  return ((await res.json()) as { id: string }[]).map((o) => o.id);
}

async function markDelivered(orderId: string) {
  const res = await suite.store.adminFetch(`/api/orders/${orderId}`, {
    method: "PATCH",
    json: { status: "delivered" },
  });
  expect(res.status).toBe(200);
}

async function rateAndSubmit(page: Page, text: string) {
  const dialog = page.getByRole("dialog", { name: "Write Your Review" });
  await dialog.getByRole("button", { name: "Submit Review" }).click();
  await page.getByText("Please select a star rating.").waitFor();
  await dialog.getByRole("radio", { name: "5 stars: Excellent" }).click();
  await dialog.getByLabel("Your Review (optional)").fill(text);
  await dialog.getByText(`${text.length}/1000`).waitFor();
}

describe("reviewing a delivered order", () => {
  it("prompts on the home page, verifies the buyer, and shows the review on the product page", async () => {
    const [dress] = products;
    const { page, sessionId } = await shopperPage(suite.browser, suite.store.baseUrl, DESKTOP);
    await addToCart(suite.store.baseUrl, sessionId, dress);

    await page.goto("/checkout");
    await page.getByLabel("First Name").fill("Sana");
    await page.getByLabel("Last Name").fill("Malik");
    await page.getByLabel("WhatsApp Number").fill("0300 1112223");
    await page.getByLabel("Street Address").fill("Flat 3, Gulberg Heights, Main Boulevard");
    await page.getByLabel("City", { exact: true }).fill("Karachi");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL(`${suite.store.baseUrl}/`, { timeout: 8000 });

    // No prompt while the order is only pending.
    const prompt = page.getByRole("complementary", { name: "How did you like your order?" });
    await page.waitForTimeout(500);
    await expect(prompt.count()).resolves.toBe(0);

    const [orderId] = await myOrderIds(sessionId);
    await markDelivered(orderId);
    await page.reload();
    await prompt.waitFor();
    await screenshot(page, "review-prompt-desktop");
    await prompt.getByRole("button", { name: "Write a Review" }).click();

    const verify = page.getByRole("dialog", { name: "Verify Your Order" });
    await verify.getByRole("button", { name: "Verify Order" }).click();
    await page.getByText("Please enter your name and phone number.").waitFor();
    await verify.getByLabel("Full Name").fill("sana malik");
    await verify.getByLabel("Phone Number").fill("+92 300 1112223");
    // Name and phone alone do not prove the order (decision 013): the dialog says what to enter.
    await verify.getByRole("button", { name: "Verify Order" }).click();
    await page.getByText(ORDER_NUMBER_NEEDED).first().waitFor();
    await verify.getByLabel("Order Number").fill(`#${orderNumber(orderId)}`);
    await screenshot(page, "review-verify-desktop");
    await verify.getByRole("button", { name: "Verify Order" }).click();

    const select = page.getByRole("dialog", { name: "Select Product to Review" });
    await select.getByRole("button", { name: new RegExp(dress.name) }).click();
    await rateAndSubmit(page, "Beautiful fabric and the stitching is perfect.");
    const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#c0607a" } })
      .jpeg()
      .toBuffer();
    const write = page.getByRole("dialog", { name: "Write Your Review" });
    await write
      .getByLabel("Add photos")
      .setInputFiles({ name: "wearing-it.jpg", mimeType: "image/jpeg", buffer: photo });
    await write.getByRole("img", { name: "Photo 1: wearing-it.jpg" }).waitFor();
    await screenshot(page, "review-write-desktop");
    await page
      .getByRole("dialog", { name: "Write Your Review" })
      .getByRole("button", { name: "Submit Review" })
      .click();
    await page.getByText("Review submitted!").waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // The prompt stays away for the rest of this browser session.
    await page.reload();
    await page.waitForTimeout(500);
    await expect(prompt.count()).resolves.toBe(0);

    await page.goto(`/product/${dress.id}`);
    const reviews = page.getByRole("region", { name: "Customer Reviews" });
    await reviews.getByText("Beautiful fabric and the stitching is perfect.").waitFor();
    await reviews.getByText("5.0").waitFor();
    await reviews.getByText("Based on 1 review", { exact: true }).waitFor();
    await reviews.scrollIntoViewIfNeeded();
    await screenshot(page, "product-reviews-desktop");
    await reviews.getByRole("button", { name: "Enlarge photo 1 from Sana Malik's review" }).click();
    const enlarged = page.getByRole("dialog").getByRole("img", { name: "Photo 1 from Sana Malik's review" });
    await expect
      .poll(() => enlarged.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await enlarged.waitFor({ state: "detached" });
    await page.context().close();
  });
});

describe("reviewing from the product page on a phone", () => {
  it("opens the dialog for that product and goes straight to writing after verification", async () => {
    const [, , , bag] = products;
    const { page, sessionId } = await shopperPage(suite.browser, suite.store.baseUrl, PHONE);
    const { id: orderId } = await placeOrder(suite.store.baseUrl, bag, {
      customerName: "Hira Aslam",
      customerPhone: "0345 9876543",
      shippingAddress: "House 7, Street 2, F-8/3",
      city: "Islamabad",
      sessionId,
    });
    await markDelivered(orderId);

    await page.goto(`/product/${bag.id}`);
    const reviews = page.getByRole("region", { name: "Customer Reviews" });
    await reviews.getByText("No reviews yet. Be the first to review!").waitFor();
    await reviews.getByRole("button", { name: "Be the first to review" }).click();
    const verify = page.getByRole("dialog", { name: "Verify Your Order" });
    await verify.getByLabel("Full Name").fill("Somebody Else");
    await verify.getByLabel("Phone Number").fill("03459876543");
    await verify.getByLabel("Order Number").fill(orderNumber(orderId));
    await verify.getByRole("button", { name: "Verify Order" }).click();
    await page.getByText("You have already reviewed all your orders or have no unreviewed orders.").waitFor();
    await verify.getByLabel("Full Name").fill("Hira Aslam");
    await verify.getByLabel("Phone Number").fill("03459876543");
    await screenshot(page, "review-verify-phone");
    await verify.getByRole("button", { name: "Verify Order" }).click();

    await rateAndSubmit(page, "Lovely bag, exactly like the photos.");
    await screenshot(page, "review-write-phone");
    await page
      .getByRole("dialog", { name: "Write Your Review" })
      .getByRole("button", { name: "Submit Review" })
      .click();
    await page.getByText("Review submitted!").waitFor();
    await reviews.getByText("Lovely bag, exactly like the photos.").waitFor();
    await reviews.getByText("Based on 1 review", { exact: true }).waitFor();
    await screenshot(page, "product-reviews-phone");
    await page.context().close();
  });
});
