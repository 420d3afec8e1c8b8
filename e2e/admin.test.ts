import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderPage } from "@shared/schemas/orders.js";
import { logIn, openAdmin } from "./support/admin";
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from "./support/browser";
import { E2E_ADMIN, startStore, type RunningStore } from "./support/store";

/** A real PNG, so the server's content check accepts it. */
async function png(name: string, color: string) {
  const buffer = await sharp({ create: { width: 600, height: 800, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

async function ensureCategory(store: RunningStore, name: string, slug: string) {
  const categories = (await (await store.adminFetch("/api/categories")).json()) as { slug: string }[];
  if (categories.some((c) => c.slug === slug)) return;
  expect(
    (await store.adminFetch("/api/categories", { method: "POST", json: { name, slug, description: "" } })).status,
  ).toBeLessThan(300);
}

async function createProduct(store: RunningStore, name: string, category: string, price: string): Promise<number> {
  const res = await store.adminFetch("/api/products", {
    method: "POST",
    json: {
      name,
      sku: name.toUpperCase(),
      description: "",
      price,
      category,
      sizes: ["M"],
      colors: ["Black"],
      inStock: 1,
      featured: 0,
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function placeOrder(
  store: RunningStore,
  phone: string,
  name: string,
  items: { productId: number; quantity: number }[],
): Promise<string> {
  const res = await fetch(`${store.baseUrl}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      customerName: name,
      customerPhone: phone,
      shippingAddress: "House 12, Street 4, Model Town",
      city: "Lahore",
      items: items.map((i) => ({ ...i, size: "M", color: "Black" })),
      paymentMethod: "cod",
    }),
  });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}

/** A pending order of the demo data, or a new one when the demo has none. */
async function pendingOrder(store: RunningStore) {
  const page = async () =>
    (await (await store.adminFetch("/api/orders?status=pending&limit=1")).json()) as AdminOrderPage;
  const found = (await page()).orders[0];
  if (found) return found;
  await placeOrder(store, "03451112233", "Maryam Iqbal", [
    { productId: await createProduct(store, "Lawn Suit", "formal", "3200"), quantity: 1 },
  ]);
  return (await page()).orders[0];
}

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title }).first();

describe("the admin panel with the demo store", () => {
  let store: RunningStore;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore(), launchBrowser()]);
    context = await newContext(browser, store.baseUrl);
    await ensureCategory(store, "Formal", "formal");
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  it("refuses a wrong password, lets the owner in, keeps them in on reload and logs out", async () => {
    const page = await context.newPage();
    await page.goto("/admin");
    await logIn(page, { ...E2E_ADMIN, password: "not-the-password" });
    await toast(page, "Login Failed").waitFor();
    expect(await toast(page, "Login Failed").textContent()).toContain("Invalid username or password.");

    await logIn(page);
    await toast(page, "Login Successful").waitFor();
    expect(await toast(page, "Login Successful").textContent()).toContain("Welcome to the admin panel!");
    await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();

    await page.reload();
    await page.getByRole("tab", { name: "Overview", selected: true }).waitFor();
    await page.getByText("Revenue by Status").waitFor();
    await screenshot(page, "admin-overview-desktop");

    await page.getByRole("button", { name: "Logout" }).click();
    await toast(page, "Logged Out").waitFor();
    expect(await page.getByLabel("Username").inputValue()).toBe("");
    // The server ended the session: a reload shows the login form again.
    await page.reload();
    await page.getByLabel("Username").waitFor();
    await page.close();
  });

  it("adds a product with two images and an out-of-stock colour, edits its price and deletes it", async () => {
    const page = await openAdmin(context, "/admin/products");
    const name = `E2E Chiffon Kurta ${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Product" });
    await dialog.getByLabel("Product Name").fill(name);
    await dialog.getByLabel("SKU").fill("E2E-001");
    await dialog.getByLabel("Description").fill("Hand-finished chiffon with delicate embroidery.");
    await dialog.getByLabel("Price (Rs.)", { exact: true }).fill("5400");
    await dialog.getByLabel("Original Price (Rs.)").fill("6000");
    await dialog.getByLabel("Category").selectOption("formal");
    await dialog.getByLabel("Sizes").fill("S, M, L");
    await dialog.getByLabel("Colours").fill("Red, Blue");
    await dialog.getByRole("checkbox", { name: /Blue/ }).uncheck();
    await dialog.getByText("Out of Stock", { exact: true }).first().waitFor();

    // The client refuses a wrong file type with the spec's message before any upload.
    await dialog
      .locator("#product-images")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await dialog.getByText("Invalid file: notes.txt. Only JPEG, PNG, and WebP files under 10MB are allowed.").waitFor();

    await dialog
      .locator("#product-images")
      .setInputFiles([await png("front.png", "#b4536a"), await png("back.png", "#e8c9a0")]);
    await dialog.getByRole("img", { name: /front\.png/ }).waitFor();
    await dialog.getByRole("img", { name: /back\.png/ }).waitFor();
    await screenshot(page, "admin-product-dialog-desktop");
    await dialog.getByRole("button", { name: "Add Product", exact: true }).click();
    await toast(page, "Product Added").waitFor();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("row").filter({ hasText: name }).waitFor();
    await screenshot(page, "admin-products-desktop");

    const shop = await context.newPage();
    await shop.goto("/shop");
    await shop.getByText(name).first().waitFor();
    const listed = (await (await store.adminFetch("/api/products?q=E2E-001")).json()) as {
      id: number;
      images: unknown[];
      colorVariantStock: Record<string, boolean>;
    }[];
    expect(listed).toHaveLength(1);
    expect(listed[0].images).toHaveLength(2);
    expect(listed[0].colorVariantStock).toEqual({ Red: true, Blue: false });
    await shop.goto(`/product/${listed[0].id}`);
    await shop.getByRole("heading", { name }).waitFor();
    await shop.getByText("(Out of Stock)").first().waitFor();
    expect(await shop.getByRole("button", { name: /Blue/ }).first().isDisabled()).toBe(true);
    expect(await shop.getByRole("button", { name: /Red/ }).first().isDisabled()).toBe(false);

    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    expect(await edit.getByLabel("Product Name").inputValue()).toBe(name);
    await edit.getByRole("img", { name: /^Product images 2:/ }).waitFor();
    await edit.getByLabel("Price (Rs.)", { exact: true }).fill("4999");
    await edit.getByRole("button", { name: "Update Product" }).click();
    await toast(page, "Product Updated").waitFor();
    await page.getByRole("row").filter({ hasText: name }).filter({ hasText: "Rs. 4,999" }).waitFor();

    await shop.goto("/shop");
    await shop.getByText(name).first().waitFor();
    await shop.getByText("Rs. 4,999").first().waitFor();

    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog", { name: "Delete Product" }).getByRole("button", { name: "Delete" }).click();
    await toast(page, "Product Deleted").waitFor();
    await page.getByRole("row").filter({ hasText: name }).waitFor({ state: "detached" });
    expect((await store.adminFetch(`/api/products/${listed[0].id}`)).status).toBe(404);
    await shop.close();
    await page.close();
  });

  it("changes an order's status and the shopper sees it when tracking by phone", async () => {
    const order = await pendingOrder(store);
    const number = order.id.slice(0, 8);

    const page = await openAdmin(context, "/admin/orders");
    await page.getByRole("button", { name: /^Pending \(\d+\)$/ }).click();
    const select = page.getByLabel(`Status of order ${number.toUpperCase()}`);
    await select.selectOption("shipped");
    await toast(page, "Order Updated").waitFor();
    expect(await toast(page, "Order Updated").textContent()).toContain("Order status has been updated.");
    await page.getByRole("button", { name: /^All \(\d+\)$/ }).click();
    await screenshot(page, "admin-orders-desktop");

    await page.getByRole("button", { name: `View order ${number.toUpperCase()}` }).click();
    const view = page.getByRole("dialog", { name: `Order #${number.toUpperCase()}` });
    await view.getByText(order.shippingAddress).waitFor();
    const whatsapp = view.getByRole("link", { name: "Confirm on WhatsApp" });
    expect(await whatsapp.getAttribute("target")).toBe("_blank");
    expect(await whatsapp.getAttribute("href")).toContain("wa.me");
    await view.getByText("Shipped").first().waitFor();
    await screenshot(page, "admin-order-view-desktop");
    await page.close();

    const shopper = await browser.newContext({ baseURL: store.baseUrl, viewport: DESKTOP });
    const home = await shopper.newPage();
    await home.goto("/");
    await home.getByRole("button", { name: "Track Orders" }).first().click();
    await home.getByLabel("Phone Number").fill(order.customerPhone);
    // The order number (from the WhatsApp message or the label) shows the order in full, with its number.
    await home.getByLabel("Order Number (optional)").fill(number.toUpperCase());
    await home.getByRole("button", { name: "Search Orders" }).click();
    const card = home.getByRole("article", { name: `Order ${number.toUpperCase()}` });
    await card.waitFor();
    await card.getByText("Shipped", { exact: true }).waitFor();
    await shopper.close();
  });

  it("shows the customers report and the categories table", async () => {
    const page = await openAdmin(context, "/admin/customers");
    await page.getByText("Top 10 Customers").waitFor();
    await page.getByRole("region", { name: "All customers" }).getByRole("row").nth(1).waitFor();
    await screenshot(page, "admin-customers-desktop");
    await page.getByRole("tab", { name: "Categories" }).click();
    expect(new URL(page.url()).pathname).toBe("/admin/categories");
    await page.getByRole("row").filter({ hasText: "formal" }).first().waitFor();
    await page.close();
  });

  it("saves a new hero title in /settings and the home page shows it", async () => {
    const page = await openAdmin(context, "/admin/settings");
    await page.getByRole("link", { name: "Open Website Settings" }).click();
    await page.getByRole("heading", { name: "Website Settings" }).waitFor();
    const title = "Eid Festive Edit 2025";
    await page.getByLabel("Hero Title").fill(title);
    await page.locator("#hero-image").setInputFiles(await png("hero.png", "#e8c9a0"));
    await page.getByRole("img", { name: "Hero background preview" }).waitFor();
    await page.getByRole("button", { name: "Save Hero Settings" }).click();
    await toast(page, "Settings Updated").waitFor();
    expect(await toast(page, "Settings Updated").textContent()).toContain("Your changes have been saved successfully.");
    await screenshot(page, "admin-settings-desktop");

    await page.getByRole("tab", { name: "Site Information" }).click();
    await page.getByLabel("Site Tagline").fill("Handpicked elegance, delivered");
    await page.getByRole("button", { name: "Save Site Information" }).click();
    await toast(page, "Settings Updated").waitFor();

    // The hero's "Settings Updated" toast may still show: wait for the second save itself.
    const readSettings = async () =>
      (await (await fetch(`${store.baseUrl}/api/settings`)).json()) as { key: string; value: unknown }[];
    await expect
      .poll(async () => (await readSettings()).find((x) => x.key === "site_tagline")?.value)
      .toBe("Handpicked elegance, delivered");
    const settings = await readSettings();
    const value = (key: string) => settings.find((x) => x.key === key)?.value;
    expect(value("hero_title")).toBe(title);
    expect((value("hero_image") as { url?: string } | null)?.url).toMatch(/^\/api\/images\//);

    const home = await context.newPage();
    await home.goto("/");
    const hero = home.getByRole("heading", { level: 1 });
    await hero.waitFor();
    await expect.poll(async () => (await hero.textContent())?.replace(/\s+/g, "")).toBe(title.replace(/\s+/g, ""));
    await home.close();
    await page.close();
  });

  it("sends a visitor without a session from /settings to the login form", async () => {
    const visitor = await browser.newContext({ baseURL: store.baseUrl });
    const page = await visitor.newPage();
    await page.goto("/settings");
    await page.getByLabel("Username").waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin");
    await visitor.close();
  });

  it("works on a phone: overview, products, orders, customers and settings", async () => {
    const phone = await newContext(browser, store.baseUrl, PHONE);
    const page = await openAdmin(phone);
    await page.getByText("Revenue by Status").waitFor();
    await screenshot(page, "admin-overview-phone");
    for (const tab of ["products", "orders", "customers"] as const) {
      await page.goto(`/admin/${tab}`);
      await page
        .getByRole("region", {
          name: tab === "customers" ? "All customers" : tab.charAt(0).toUpperCase() + tab.slice(1),
          exact: true,
        })
        .waitFor();
      await screenshot(page, `admin-${tab}-phone`);
    }
    await page.goto("/settings");
    await page.getByLabel("Hero Title").waitFor();
    await screenshot(page, "admin-settings-phone");
    await phone.close();
  });
});

describe("the overview with a small known set of orders", () => {
  let store: RunningStore;
  let browser: Browser;

  beforeAll(async () => {
    [store, browser] = await Promise.all([startStore({ demo: false }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  const setStatus = async (id: string, status: string) =>
    expect((await store.adminFetch(`/api/orders/${id}`, { method: "PATCH", json: { status } })).status).toBe(200);

  it("matches hand-computed totals, leaving out the cancelled order", async () => {
    for (const [name, slug] of [
      ["Formal", "formal"],
      ["Casual", "casual"],
    ]) {
      expect(
        (await store.adminFetch("/api/categories", { method: "POST", json: { name, slug, description: "" } })).status,
      ).toBeLessThan(300);
    }
    const kurta = await createProduct(store, "Kurta", "formal", "1000");
    const shirt = await createProduct(store, "Shirt", "casual", "2500");
    await placeOrder(store, "03001234567", "Ayesha Khan", [{ productId: kurta, quantity: 2 }]); // 2,000 pending
    await setStatus(
      await placeOrder(store, "03001234567", "Ayesha Khan", [{ productId: shirt, quantity: 1 }]),
      "delivered",
    ); // 2,500
    await setStatus(
      await placeOrder(store, "03219876543", "Sana Malik", [
        { productId: kurta, quantity: 1 },
        { productId: shirt, quantity: 2 },
      ]),
      "processing",
    ); // 6,000
    await setStatus(
      await placeOrder(store, "03335550000", "Hina Raza", [{ productId: shirt, quantity: 3 }]),
      "cancelled",
    ); // 7,500, not counted

    const context = await newContext(browser, store.baseUrl);
    const page = await openAdmin(context);
    const panel = page.getByRole("tabpanel", { name: "Overview" });
    const card = (label: string) => panel.getByRole("region", { name: label, exact: true });
    await card("Total Revenue").getByText("Rs. 10,500").waitFor();
    expect(await card("Total Products").getByTestId("stat-value").textContent()).toBe("2");
    expect(await card("Total Orders").getByTestId("stat-value").textContent()).toBe("3");
    expect(await card("Total Orders").textContent()).toContain("1 pending");
    expect(await card("Dominating Category").getByTestId("stat-value").textContent()).toBe("Casual");
    expect(await panel.getByTestId("total-excluding-cancelled").textContent()).toBe("Rs. 10,500");
    expect(await panel.getByRole("listitem", { name: "Pending" }).textContent()).toContain("Rs. 2,000");
    expect(await panel.getByRole("listitem", { name: "Ready to Ship" }).textContent()).toContain("Rs. 6,000");
    expect(await panel.getByRole("listitem", { name: "Delivered" }).textContent()).toContain("Rs. 2,500");
    expect(await panel.getByText("1 cancelled order not counted").count()).toBe(1);

    const summary = page.getByLabel("Summary");
    expect(await summary.getByRole("region", { name: "Pending Orders" }).getByTestId("stat-value").textContent()).toBe(
      "1",
    );
    expect(
      await summary.getByRole("region", { name: "Revenue", exact: true }).getByTestId("stat-value").textContent(),
    ).toBe("Rs. 10,500");

    await page.goto("/admin/customers");
    await page.getByRole("region", { name: "Total Customers" }).getByText("2", { exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "Repeat Customers" }).getByTestId("stat-value").textContent()).toBe(
      "1",
    );
    await context.close();
  });
});
