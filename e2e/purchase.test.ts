import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, PHONE, screenshot } from "./support/browser";
import { buyableProducts, type BuyableProduct } from "./support/catalogue";
import { addToCart, shopperPage } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();
let products: BuyableProduct[];

beforeAll(async () => {
  products = await buyableProducts(suite.store.baseUrl);
});

async function cartOf(sessionId: string): Promise<{ productId: number; quantity: number }[]> {
  const res = await fetch(`${suite.store.baseUrl}/api/cart`, { headers: { "x-session-id": sessionId } });
  return res.json();
}

/** Serious and critical axe findings inside the page's main content (the frame is tested elsewhere). */
async function accessibilityProblems(page: Page, scope = "main"): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(scope).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function fillDelivery(page: Page, phone: string) {
  await page.getByLabel("First Name").fill("Ayesha");
  await page.getByLabel("Last Name").fill("Khan");
  await page.getByLabel("WhatsApp Number").fill(phone);
  await page.getByLabel("Street Address").fill("House 12, Street 4, Model Town");
  await page.getByLabel("City", { exact: true }).fill("Lahore");
}

async function trackAndCancel(page: Page, phone: string, shot: string) {
  await page.getByRole("dialog", { name: "Track Your Orders" }).waitFor();
  const dialog = page.getByRole("dialog", { name: "Track Your Orders" });
  await expect(dialog.getByRole("button", { name: "Search Orders" }).isDisabled()).resolves.toBe(true);
  await dialog.getByLabel("Phone Number").fill(phone);
  await dialog.getByLabel("Phone Number").press("Enter");
  await dialog.getByText("Found 1 order(s)").waitFor();
  await dialog.getByText("Pending", { exact: true }).waitFor();
  await screenshot(page, shot);
  await expect(accessibilityProblems(page, '[role="dialog"]')).resolves.toEqual([]);
  await dialog.getByRole("button", { name: "Cancel Order" }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByText("Are you sure you want to cancel this order?").waitFor();
  await confirm.getByRole("button", { name: "Yes, Cancel Order" }).click();
  // Missed now and then on Preact, cause not found (stop 23's note): a failure says what the
  // toaster held, and whether the order was cancelled at all.
  await page
    .getByText("Order Cancelled", { exact: true })
    .waitFor()
    .catch(async (error: Error) => {
      const toaster = await page.evaluate(
        () => document.querySelector('section[aria-label^="Notifications"]')?.outerHTML ?? "(no toaster in the page)",
      );
      const badge = await dialog.getByText("Cancelled", { exact: true }).count();
      throw new Error(`${error.message}\nThe dialog's "Cancelled" badges: ${badge}. The toaster: ${toaster}`);
    });
  await dialog.getByText("Cancelled", { exact: true }).waitFor();
  await expect(dialog.getByRole("button", { name: "Cancel Order" }).count()).resolves.toBe(0);
}

describe("buying on a desktop", () => {
  it("merges identical lines, checks out a selection, tracks the order and cancels it", async () => {
    const [dress, other] = products;
    const { page, sessionId } = await shopperPage(suite.browser, suite.store.baseUrl, DESKTOP);
    await addToCart(suite.store.baseUrl, sessionId, dress);
    await addToCart(suite.store.baseUrl, sessionId, dress);
    await addToCart(suite.store.baseUrl, sessionId, other);

    await page.goto("/cart");
    await page.getByRole("heading", { name: "Shopping Cart" }).waitFor();
    const rows = page
      .getByRole("region", { name: "Cart items" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("link") });
    await expect.poll(() => rows.count()).toBe(2);
    const dressRow = rows.filter({ hasText: dress.name });
    await expect(dressRow.getByRole("group", { name: `Quantity of ${dress.name}` }).innerText()).resolves.toContain(
      "2",
    );
    await expect(dressRow.getByRole("button", { name: "Decrease quantity" }).isEnabled()).resolves.toBe(true);

    // Everything starts selected; Select All clears and restores the choice.
    const proceed = page.getByRole("button", { name: /Proceed to Checkout/ });
    await expect(proceed.innerText()).resolves.toBe("Proceed to Checkout (2 items)");
    await page.getByLabel("Select All").uncheck();
    await expect(proceed.innerText()).resolves.toBe("Proceed to Checkout (0 items)");
    await expect(proceed.isDisabled()).resolves.toBe(true);
    await page.getByLabel("Select All").check();
    await expect(proceed.innerText()).resolves.toBe("Proceed to Checkout (2 items)");
    await rows.filter({ hasText: other.name }).getByRole("checkbox").uncheck();
    await expect(proceed.innerText()).resolves.toBe("Proceed to Checkout (1 item)");
    await screenshot(page, "cart-desktop");
    await expect(accessibilityProblems(page)).resolves.toEqual([]);

    // A row's picture opens large; Escape closes it and gives the focus back to the picture.
    const thumbnail = dressRow.getByRole("button", { name: `Enlarge image of ${dress.name}` });
    await thumbnail.click();
    const enlarged = page.getByRole("dialog").getByRole("img", { name: dress.name });
    await expect
      .poll(() => enlarged.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await enlarged.waitFor({ state: "detached" });
    await expect.poll(() => thumbnail.evaluate((button) => button === document.activeElement)).toBe(true);

    await proceed.click();
    await page.waitForURL(/\/checkout\?items=/);
    const items = JSON.parse(new URL(page.url()).searchParams.get("items")!);
    expect(items.map((i: { productId: number }) => i.productId)).toEqual([dress.id]);
    const summary = page.getByRole("region", { name: "Order Summary" });
    await summary.getByText(dress.name).waitFor();
    await expect(summary.getByText(other.name).count()).resolves.toBe(0);
    await summary.getByText("Qty: 2").waitFor();

    await page.getByRole("button", { name: "Place Order" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Phone number must be at least 10 characters",
      "Address must be at least 10 characters",
      "City is required",
    ]) {
      await page.getByText(message).waitFor();
    }
    await screenshot(page, "checkout-desktop-errors");
    await expect(accessibilityProblems(page)).resolves.toEqual([]);

    const phone = "0321 7654321";
    await fillDelivery(page, phone);
    await screenshot(page, "checkout-desktop");
    const placedAt = Date.now();
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText("Order Placed Successfully!").waitFor();
    await page
      .getByText(`Soon our agent will contact you on your WhatsApp number (${phone}) for order confirmation.`)
      .waitFor();
    await page.waitForURL(`${suite.store.baseUrl}/`, { timeout: 8000 });
    expect(Date.now() - placedAt).toBeGreaterThanOrEqual(2500);

    // Only the ordered line left the cart.
    await expect(cartOf(sessionId)).resolves.toEqual([expect.objectContaining({ productId: other.id })]);
    // The order's toast has closed (after its 4 s) before the cancellation's comes. Two full runs
    // on Preact missed "Order Cancelled" while it could still be open; not reproduced alone, nor
    // with two toasts 3.75–4.5 s apart (stop 23's note).
    await page.getByText("Order Placed Successfully!").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Track Orders" }).click();
    await trackAndCancel(page, phone, "tracking-desktop");
    await page.keyboard.press("Escape");

    // The line left behind can be removed, which empties the cart.
    await page.goto("/cart");
    await page.getByRole("button", { name: `Remove ${other.name} from cart` }).click();
    await page.getByText("Item has been removed from your cart.").waitFor();
    await page.getByRole("heading", { name: "Your Cart is Empty" }).waitFor();
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await page.waitForURL(/\/shop$/);
    await page.context().close();
  });
});

describe("buying on a phone", () => {
  it("checks out the whole cart and cancels the order from the menu's Track Orders", async () => {
    const [, , dress] = products;
    const { page, sessionId } = await shopperPage(suite.browser, suite.store.baseUrl, PHONE);
    await addToCart(suite.store.baseUrl, sessionId, dress, { quantity: 2 });

    await page.goto("/cart");
    const quantity = page.getByRole("group", { name: `Quantity of ${dress.name}` });
    await quantity.getByText("2").waitFor();
    await screenshot(page, "cart-phone");
    await quantity.getByRole("button", { name: "Decrease quantity" }).click();
    await quantity.getByText("1").waitFor();
    await expect.poll(() => quantity.getByRole("button", { name: "Decrease quantity" }).isDisabled()).toBe(true);
    await quantity.getByRole("button", { name: "Increase quantity" }).click();
    await quantity.getByText("2").waitFor();
    await page.getByRole("button", { name: "Proceed to Checkout (1 item)" }).click();
    await page.waitForURL(/\/checkout/);
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText("First name is required").waitFor();
    await screenshot(page, "checkout-phone-errors");

    const phone = "+92 333 5550101";
    await fillDelivery(page, phone);
    await screenshot(page, "checkout-phone");
    await page.getByRole("button", { name: "Place Order" }).click();
    await page.getByText("Order Placed Successfully!").waitFor();
    await page.waitForURL(`${suite.store.baseUrl}/`, { timeout: 8000 });
    await expect(cartOf(sessionId)).resolves.toEqual([]);

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Track Orders" }).click();
    const dialog = page.getByRole("dialog", { name: "Track Your Orders" });
    await dialog.getByLabel("Phone Number").fill("0399 0000000");
    await dialog.getByRole("button", { name: "Search Orders" }).click();
    await dialog.getByText("No orders found with the provided details.").waitFor();
    await dialog.getByText("Please check your information and try again.").waitFor();
    await dialog.getByRole("button", { name: "Reset" }).click();
    await expect(dialog.getByLabel("Phone Number").inputValue()).resolves.toBe("");
    await trackAndCancel(page, phone, "tracking-phone");
    await page.context().close();
  });
});
