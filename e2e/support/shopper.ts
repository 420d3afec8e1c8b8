import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { DESKTOP, newContext } from "./browser";
import { availableColor, type BuyableProduct } from "./catalogue";

/**
 * Adds a line to a cart session as the product page does (the first size, a colour in stock);
 * answers the unit price the cart quotes for it.
 */
export async function addToCart(
  baseUrl: string,
  sessionId: string,
  product: BuyableProduct,
  { quantity = 1, selectedImage = null }: { quantity?: number; selectedImage?: string | null } = {},
): Promise<number> {
  const res = await fetch(`${baseUrl}/api/cart`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-session-id": sessionId },
    body: JSON.stringify({
      productId: product.id,
      quantity,
      size: product.sizes[0],
      color: availableColor(product),
      selectedImage,
      sessionId,
    }),
  });
  expect(res.status).toBe(201);
  return Number(((await res.json()) as { product: { price: string } }).product.price);
}

/** A shopper's browser whose cart session id the test knows (the store keeps it in localStorage). */
export async function shopperPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
  sessionId: string = randomUUID(),
): Promise<{ page: Page; context: BrowserContext; sessionId: string }> {
  const context = await newContext(browser, baseUrl, viewport);
  await context.addInitScript((id) => localStorage.setItem("store.cart.session", JSON.stringify(id)), sessionId);
  return { page: await context.newPage(), context, sessionId };
}

/** The order answer's fields the journeys read. */
export interface PlacedOrder {
  id: string;
  total: string;
  codAmount?: string | null;
}

/**
 * Places a cash-on-delivery order for `quantity` of `product` (the first size, a colour in stock)
 * through the API, as the checkout does, and answers the order. The address defaults to one in
 * Lahore; `sessionId` ties it to a browser's cart session.
 */
export async function placeOrder(
  baseUrl: string,
  product: BuyableProduct,
  customer: {
    customerName: string;
    customerPhone: string;
    shippingAddress?: string;
    city?: string;
    sessionId?: string;
  },
  quantity = 1,
): Promise<PlacedOrder> {
  const { sessionId, ...rest } = customer;
  const res = await fetch(`${baseUrl}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(sessionId ? { "x-session-id": sessionId } : {}) },
    body: JSON.stringify({
      shippingAddress: "House 12, Street 4, Model Town",
      city: "Lahore",
      ...rest,
      items: [{ productId: product.id, quantity, size: product.sizes[0], color: availableColor(product) }],
      paymentMethod: "cod",
      ...(sessionId ? { sessionId } : {}),
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as PlacedOrder;
}
