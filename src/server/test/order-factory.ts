import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { Db } from "../db/client.js";
import { categories, orders, products } from "../db/schema.js";

/**
 * Test data for the shopper side (cart, orders, reviews). Products go straight into the database
 * so these tests do not depend on the products API; orders go through the real API.
 */

let counter = 0;
const next = () => ++counter;

export interface ProductOverrides {
  name?: string;
  sku?: string;
  price?: string;
  originalPrice?: string | null;
  category?: string;
  sizes?: string[];
  colors?: string[];
  inStock?: boolean;
  images?: string[];
  colorVariantImages?: Record<string, string[]>;
  colorVariantStock?: Record<string, boolean>;
}

export async function insertCategory(db: Db, slug = `cat-${next()}`) {
  const [row] = await db.insert(categories).values({ name: slug, slug, description: "" }).returning();
  return row;
}

/** A product with sizes S/M/L and colours Red/Blue at Rs. 2,500 unless told otherwise. */
export async function insertProduct(db: Db, overrides: ProductOverrides = {}) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      name: overrides.name ?? `Lawn Suit ${n}`,
      sku: overrides.sku ?? `SKU-${n}`,
      description: "A test product",
      price: overrides.price ?? "2500.00",
      originalPrice: overrides.originalPrice ?? null,
      category: overrides.category ?? "casual",
      sizes: overrides.sizes ?? ["S", "M", "L"],
      colors: overrides.colors ?? ["Red", "Blue"],
      inStock: overrides.inStock ?? true,
      images: overrides.images ?? [],
      colorVariantImages: overrides.colorVariantImages ?? {},
      colorVariantStock: overrides.colorVariantStock ?? {},
    })
    .returning();
  return row;
}

/** A small real PNG (distinct per seed, so images are not deduplicated into one). */
export async function makePng(seed = next()): Promise<Buffer> {
  return sharp({
    create: { width: 24, height: 16, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .png()
    .toBuffer();
}

export const newSessionId = () => randomUUID();

export interface CheckoutItem {
  productId: number;
  quantity?: number;
  size?: string;
  color?: string;
  price?: unknown;
  productName?: string;
  selectedImage?: string | null;
}

/** The spec's POST /api/orders payload (as the checkout page sends it). */
export function checkoutPayload(items: CheckoutItem[], overrides: Record<string, unknown> = {}) {
  return {
    customerName: "Ayesha Khan",
    customerPhone: "+92 300 1234567",
    customerEmail: "ayesha@example.com",
    shippingAddress: "House 12, Street 4, Model Town",
    city: "Lahore",
    postalCode: "54000",
    specialInstructions: "",
    items: items.map((i) => ({
      productId: i.productId,
      productName: i.productName ?? "whatever the client says",
      quantity: i.quantity ?? 1,
      size: i.size ?? "M",
      color: i.color ?? "Red",
      price: i.price ?? 1,
      selectedImage: i.selectedImage ?? null,
    })),
    subtotal: "1",
    tax: "0",
    total: "1",
    paymentMethod: "cod",
    ...overrides,
  };
}

export function postOrder(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: "POST", url: "/api/orders", payload: payload as object, headers });
}

/** Places an order through the API and fails loudly if the API refuses it. */
export async function placeOrder(
  app: FastifyInstance,
  items: CheckoutItem[],
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ id: string; total: string; [k: string]: unknown }> {
  const res = await postOrder(app, checkoutPayload(items, overrides), headers);
  if (res.statusCode !== 201) throw new Error(`placing a test order failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Moves an order to a status directly (tests of reviews need delivered orders). */
export async function setOrderStatus(db: Db, orderId: string, status: OrderStatus): Promise<void> {
  await db.update(orders).set({ status }).where(eq(orders.id, orderId));
}

/** A multipart/form-data body for app.inject. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; filename: string; bytes: Buffer; type?: string }[] = [],
) {
  const boundary = `----test${randomUUID().replace(/-/g, "")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? "image/png"}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
