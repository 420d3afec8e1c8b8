import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import type { AdminOrderPage } from "@shared/schemas/orders.js";
import { openAdmin } from "./support/admin";
import { DESKTOP, newContext, PHONE, screenshot } from "./support/browser";
import { shopperPage } from "./support/shopper";
import { startedStore } from "./support/suite";

const suite = startedStore();

interface SavedVariant {
  id: number;
  options: Record<string, string>;
  price: string;
  available: boolean;
}
interface SavedProduct {
  id: number;
  name: string;
  price: string;
  options: { name: string; values: string[] }[];
  variants: SavedVariant[];
}

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title }).first();

/**
 * A lawn print sold Unstitched at Rs. 4,990 and Stitched at Rs. 6,490, in S and M, Red and Green;
 * Stitched / S / Green is not sold, and Stitched / M / Green is sold out.
 */
async function lawnSuit(name: string): Promise<SavedProduct> {
  const variant = (Make: string, Size: string, Color: string, price: string, stock = 10) => ({
    options: { Make, Size, Color },
    price,
    originalPrice: null,
    sku: `${name.replace(/\W+/g, "-").toUpperCase()}-${Make[0]}${Size}${Color[0]}`,
    stock,
  });
  const res = await suite.store.adminFetch("/api/products", {
    method: "POST",
    json: {
      name,
      sku: "",
      description: "Three-piece lawn with an embroidered neckline.",
      price: "4990",
      category: "casual",
      inStock: 1,
      featured: 0,
      options: [
        { name: "Make", values: ["Unstitched", "Stitched"] },
        { name: "Size", values: ["S", "M"] },
        { name: "Color", values: ["Red", "Green"] },
      ],
      variants: [
        variant("Unstitched", "S", "Red", "4990"),
        variant("Unstitched", "M", "Red", "4990"),
        variant("Unstitched", "S", "Green", "4990"),
        variant("Unstitched", "M", "Green", "4990"),
        variant("Stitched", "S", "Red", "6490"),
        variant("Stitched", "M", "Red", "6490"),
        variant("Stitched", "M", "Green", "6490", 0),
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as SavedProduct;
}

async function fillDelivery(page: Page, phone: string) {
  await page.getByLabel("First Name").fill("Sana");
  await page.getByLabel("Last Name").fill("Iqbal");
  await page.getByLabel("WhatsApp Number").fill(phone);
  await page.getByLabel("Street Address").fill("House 21, Street 3, Gulberg III");
  await page.getByLabel("City", { exact: true }).fill("Lahore");
}

describe.each([
  ["desktop", DESKTOP, "0301 2345678"],
  ["phone", PHONE, "0302 3456789"],
] as const)("a shopper buying one variant on a %s", (label, viewport, phone) => {
  it("picks Stitched / M / Red on a product whose variants differ in price and orders it", async () => {
    const suit = await lawnSuit(`Variant Lawn Suit ${label}`);
    const { page } = await shopperPage(suite.browser, suite.store.baseUrl, viewport);

    // The card says where the prices start.
    await page.goto(`/search?q=${encodeURIComponent(suit.name)}`);
    const card = page.getByRole("article").filter({ hasText: suit.name });
    await card.getByText("From Rs. 4,990").waitFor();

    await page.goto(`/product/${suit.id}`);
    await page.getByRole("heading", { level: 1, name: suit.name }).waitFor();
    await page.getByText("From Rs. 4,990").first().waitFor();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByText("Please select a make").waitFor();

    await page.getByRole("button", { name: "Stitched", exact: true }).click();
    await page.getByText("Rs. 6,490", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: "S", exact: true }).click();
    // Stitched / S / Green is not sold: Green is not offered next to Stitched and S.
    await page.getByRole("button", { name: /^Red/ }).waitFor();
    await expect(page.getByRole("button", { name: /^Green/ }).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "M", exact: true }).click();
    // Stitched / M / Green is sold out (Unstitched Green is not): offered, disabled, saying why.
    const green = page.getByRole("button", { name: /^Green/ });
    await expect(green.isDisabled()).resolves.toBe(true);
    await expect(green.innerText()).resolves.toContain("(Sold out in this make and size)");
    await page.getByRole("button", { name: /^Red/ }).click();

    const chosen = suit.variants.find(
      (v) => v.options.Make === "Stitched" && v.options.Size === "M" && v.options.Color === "Red",
    )!;
    await page.waitForURL(new RegExp(`[?&]variant=${chosen.id}$`));
    await screenshot(page, `variants-product-${label}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByText(`${suit.name} has been added to your cart.`).waitFor();

    // The address opens the page with the variant chosen, rendered so by the server.
    const html = await (await fetch(`${suite.store.baseUrl}/product/${suit.id}?variant=${chosen.id}`)).text();
    expect(html).toMatch(/aria-pressed="true"[^>]*>(?:<[^>]+>)*Stitched/);
    await page.reload();
    await expect(
      page.getByRole("button", { name: "Stitched", exact: true }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");

    await page.goto("/cart");
    const row = page.getByRole("region", { name: "Cart items" }).getByRole("listitem").filter({ hasText: suit.name });
    await row.getByText("Stitched / M / Red").waitFor();
    await row.getByText("Rs. 6,490").waitFor();
    await screenshot(page, `variants-cart-${label}`);
    await page.getByRole("button", { name: /Proceed to Checkout/ }).click();

    const summary = page.getByRole("region", { name: "Order Summary" });
    await summary.getByText("Stitched / M / Red").waitFor();
    await fillDelivery(page, phone);
    await page.getByRole("button", { name: "Place Order" }).click();
    const placed = page.getByRole("status").filter({ hasText: "Thank you!" });
    await placed.getByText(`${suit.name}: Stitched / M / Red`).waitFor();
    await screenshot(page, `variants-placed-${label}`);

    const orders = (await (await suite.store.adminFetch("/api/orders?limit=20")).json()) as AdminOrderPage;
    const order = orders.orders.find((o) => o.customerName === "Sana Iqbal" && o.items[0].productId === suit.id)!;
    expect(order.items[0]).toMatchObject({
      variantId: chosen.id,
      options: { Make: "Stitched", Size: "M", Color: "Red" },
      price: 6490,
      quantity: 1,
    });

    // Tracking names the variant and its price.
    await page.goto("/");
    if (viewport === PHONE) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Track Orders" }).click();
    const dialog = page.getByRole("dialog", { name: "Track Your Orders" });
    await dialog.getByLabel("Phone Number").fill(phone);
    await dialog.getByLabel("Order Number").fill(order.id.slice(0, 8));
    await dialog.getByLabel("Phone Number").press("Enter");
    const item = dialog.getByRole("list", { name: "Items" }).getByRole("listitem").filter({ hasText: suit.name });
    await item.getByText("Stitched / M / Red").waitFor();
    await item.getByText("Rs. 6,490").waitFor();
    await screenshot(page, `variants-tracking-${label}`);
    await page.context().close();
  });
});

describe.each([
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const)("the owner on a %s", (label, viewport) => {
  it("creates a product with options, generates the variants, sets a bulk price and sees it in the shop", async () => {
    const name = `Admin Variant Kurta ${label}`;
    const context = await newContext(suite.browser, suite.store.baseUrl, viewport);
    const page = await openAdmin(context, "/admin/products");
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await dialog.getByLabel("Product Name").fill(name);
    await dialog.getByLabel("Description").fill("Khaddar, stitched or unstitched.");
    await dialog.getByLabel("Price (Rs.)", { exact: true }).fill("4990");
    await dialog.getByLabel("Category").selectOption("casual");
    await dialog.getByRole("button", { name: /Use options and variants/ }).click();

    await dialog.getByLabel("Option 1 name").fill("Make");
    await dialog.getByLabel("Option 1 values").fill("Unstitched, Stitched");
    await dialog.getByRole("button", { name: "Add option" }).click();
    await dialog.getByLabel("Option 2 name").fill("Color");
    await dialog.getByLabel("Option 2 values").fill("Red, Blue");
    await dialog.getByRole("button", { name: "Generate variants" }).click();
    await dialog.getByText("Variants (4)").waitFor();

    await dialog.getByLabel("Apply to").selectOption({ label: "All Stitched (Make)" });
    await dialog.getByLabel("Set").selectOption("price");
    await dialog.getByLabel("To", { exact: true }).fill("6490");
    await dialog.getByRole("button", { name: "Apply to variants" }).click();
    await expect(dialog.getByLabel("Price of Stitched / Blue", { exact: true }).inputValue()).resolves.toBe("6490");
    await expect(dialog.getByLabel("Price of Unstitched / Red", { exact: true }).inputValue()).resolves.toBe("4990");
    // Unstitched / Blue is not sold.
    await dialog.getByRole("button", { name: "Remove Unstitched / Blue (not sold)" }).click();
    await dialog.getByText("Variants (3)").waitFor();

    // A mistake comes back beside its field.
    await dialog.getByLabel("Price of Stitched / Red", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Add Product", exact: true }).click();
    await dialog.getByRole("alert").filter({ hasText: /price/i }).first().waitFor();
    await screenshot(page, `variants-admin-error-${label}`);
    await dialog.getByLabel("Price of Stitched / Red", { exact: true }).fill("6490");
    await screenshot(page, `variants-admin-form-${label}`);
    await dialog.getByRole("button", { name: "Add Product", exact: true }).click();
    await toast(page, "Product Added").waitFor();

    const listed = (await (
      await suite.store.adminFetch(`/api/products?q=${encodeURIComponent(name)}`)
    ).json()) as SavedProduct[];
    expect(listed).toHaveLength(1);
    const saved = listed[0];
    expect(saved.price).toBe("4990.00");
    expect(saved.options.map((o) => o.name)).toEqual(["Make", "Color"]);
    expect(saved.variants.map((v) => [v.options.Make, v.options.Color, Number(v.price)])).toEqual([
      ["Unstitched", "Red", 4990],
      ["Stitched", "Red", 6490],
      ["Stitched", "Blue", 6490],
    ]);

    const shop = await context.newPage();
    await shop.goto(`/search?q=${encodeURIComponent(name)}`);
    await shop.getByRole("article").filter({ hasText: name }).getByText("From Rs. 4,990").waitFor();
    await shop.goto(`/product/${saved.id}`);
    await shop.getByRole("button", { name: "Unstitched", exact: true }).click();
    // A tap before the app has started is answered once it has: the count is polled.
    await expect.poll(() => shop.getByRole("button", { name: /^Blue/ }).count()).toBe(0);
    await shop.getByRole("button", { name: "Stitched", exact: true }).click();
    await shop.getByRole("button", { name: /^Blue/ }).click();
    await shop.getByText("Rs. 6,490", { exact: true }).first().waitFor();
    await screenshot(shop, `variants-admin-shop-${label}`);
    await context.close();
  });
});

describe("a customer returning one of two lines that differ only in Make", () => {
  it("asks for the Unstitched and the Stitched line apart from the tracking card", async () => {
    const product = await lawnSuit("Lawn Returns Suit");
    const variant = (make: string) =>
      product.variants.find((v) => v.options.Make === make && v.options.Size === "S" && v.options.Color === "Red")!.id;
    const phone = "0303 4567890";
    const placed = await fetch(`${suite.store.baseUrl}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        customerName: "Hina Javed",
        customerPhone: phone,
        shippingAddress: "House 8, Street 2, Johar Town",
        city: "Lahore",
        paymentMethod: "cod",
        items: ["Unstitched", "Stitched"].map((make) => ({
          productId: product.id,
          variantId: variant(make),
          quantity: 1,
        })),
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const id = ((await placed.json()) as { id: string }).id;
    for (const status of ["processing", "shipped", "delivered"])
      expect((await suite.store.adminFetch(`/api/orders/${id}`, { method: "PATCH", json: { status } })).status).toBe(
        200,
      );

    const context = await newContext(suite.browser, suite.store.baseUrl, DESKTOP);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Track Orders" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Track Your Orders" });
    await dialog.getByLabel("Phone Number").fill(phone);
    await dialog.getByLabel("Order Number (optional)").fill(orderNumber(id));
    await dialog.getByRole("button", { name: "Search Orders" }).click();
    const card = dialog.getByRole("article", { name: `Order ${orderNumber(id)}` });
    const ask = async (line: string) => {
      await card.getByRole("button", { name: "Return or exchange" }).click();
      const form = card.getByRole("form", { name: "Return or exchange request" });
      await form.getByLabel("Return for a refund").check();
      await form.getByRole("checkbox", { name: `${product.name} (${line})` }).check();
      await expect(form.getByLabel(`How many of ${product.name} (${line})`).inputValue()).resolves.toBe("1");
      await form.getByLabel("Why?").fill("The fabric is thinner than expected");
      await form.getByRole("button", { name: "Send request" }).click();
      return form;
    };

    await ask("Unstitched / S / Red");
    await card.getByText(/^Return requested/).waitFor();
    // The same line again is refused, naming it; the other line is still free.
    const again = await ask("Unstitched / S / Red");
    await again
      .getByRole("alert")
      .filter({ hasText: `${product.name} (Unstitched, S, Red) was already asked for in an earlier request` })
      .waitFor();
    await again.getByRole("button", { name: "Cancel" }).click();
    await ask("Stitched / S / Red");
    await expect.poll(() => card.getByText(/^Return requested/).count()).toBe(2);
    await screenshot(page, "variants-returns-by-make-desktop");

    const listed = (await (await suite.store.adminFetch("/api/admin/returns?status=requested")).json()) as {
      orderId: string;
      items: { variantId?: number; price: number }[];
    }[];
    expect(
      listed
        .filter((r) => r.orderId === id)
        .flatMap((r) => r.items.map((i) => [i.variantId, i.price]))
        .sort(),
    ).toEqual(
      [
        [variant("Stitched"), 6490],
        [variant("Unstitched"), 4990],
      ].sort(),
    );
    await context.close();
  });
});
