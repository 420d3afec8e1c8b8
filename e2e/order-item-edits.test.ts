import { describe, expect, it } from "vitest";
import { orderNumber } from "@shared/rules/labels.js";
import type { AdminOrderDetail } from "@shared/schemas/orders.js";
import type { Product } from "@shared/schemas/products.js";
import { openAdmin } from "./support/admin";
import { newContext, PHONE, screenshot } from "./support/browser";
import type { RunningStore } from "./support/store";
import { startedStore } from "./support/suite";

async function product(store: RunningStore, json: Record<string, unknown>): Promise<Product> {
  const res = await store.adminFetch("/api/products", {
    method: "POST",
    json: { description: "For the item edit journey", category: "casual", inStock: 1, featured: 0, ...json },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Product;
}

describe("changing an order's items before it ships", () => {
  const suite = startedStore();

  it("an agent changes L to M and adds a second item from the order view at phone width", async () => {
    const { store, browser } = suite;
    const suit = await product(store, {
      name: "Edit Journey Lawn Suit",
      sku: "EDIT-SUIT",
      price: "4000",
      sizes: ["S", "M", "L"],
      colors: ["Red"],
      variantStock: [
        { size: "M", color: "Red", quantity: 3 },
        { size: "L", color: "Red", quantity: 3 },
      ],
    });
    await product(store, { name: "Edit Journey Dupatta", sku: "EDIT-DUP", price: "1500", sizes: [], colors: [] });
    const taken = await store.adminFetch("/api/admin/orders", {
      method: "POST",
      json: {
        customerName: "Hina Aslam",
        customerPhone: "0301 2345678",
        shippingAddress: "House 7, Street 9, Johar Town",
        city: "Lahore",
        source: "whatsapp",
        items: [{ productId: suit.id, size: "L", color: "Red", quantity: 1 }],
      },
    });
    expect(taken.status).toBe(201);
    const { id } = (await taken.json()) as { id: string };

    const context = await newContext(browser, store.baseUrl, PHONE);
    const page = await openAdmin(context, "/admin/orders");
    await page.getByRole("button", { name: `View order ${orderNumber(id)}` }).click();
    const view = page.getByRole("dialog", { name: `Order #${orderNumber(id)}` });
    await view.getByRole("button", { name: "Edit items" }).click();
    const editor = view.getByRole("region", { name: "Edit items" });
    await editor.getByLabel("Size of Edit Journey Lawn Suit").selectOption("M");
    await editor.getByLabel("Search products").fill("Edit Journey Dup");
    await editor.getByRole("button", { name: /Edit Journey Dupatta/ }).click();
    await editor.getByRole("button", { name: "Add item" }).click();
    await editor.getByLabel("Quantity of Edit Journey Dupatta").waitFor();
    const amounts = editor.getByLabel("New amounts");
    await amounts.getByText("Rs. 5,500").first().waitFor();
    await screenshot(page, "order-item-edits-phone");
    await editor.getByRole("button", { name: "Save the new items" }).click();

    await view.getByRole("button", { name: "Edit items" }).waitFor();
    const items = view.getByRole("region", { name: "Items" });
    await items.getByText("Edit Journey Dupatta").waitFor();
    await items.getByText(/Red · M · Qty 1/).waitFor();
    await view.getByText(/Items changed: Edit Journey Lawn Suit: L \/ Red x 1/).waitFor();
    await screenshot(page, "order-item-edits-saved-phone");

    const order = (await (await store.adminFetch(`/api/orders/${id}`)).json()) as AdminOrderDetail;
    expect(order.items.map((i) => [i.productName, i.size, i.quantity])).toEqual([
      ["Edit Journey Lawn Suit", "M", 1],
      ["Edit Journey Dupatta", "", 1],
    ]);
    expect(order.total).toBe("5500.00");
    // The line names its variant (Size M, Color Red), chosen by its options in the editor.
    const m = suit.variants!.find((v) => v.options.Size === "M" && v.options.Color === "Red")!;
    expect(order.items[0]).toMatchObject({ variantId: m.id, options: { Size: "M", Color: "Red" } });
    const stock = ((await (await store.adminFetch(`/api/products/${suit.id}`)).json()) as Product).variantStock!;
    expect(stock.find((s) => s.size === "M")!.quantity).toBe(2);
    expect(stock.find((s) => s.size === "L")!.quantity).toBe(3);
    await context.close();
  });
});
