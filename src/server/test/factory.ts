import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { phoneKey } from "@shared/rules/phone.js";
import { optionsFromSizesAndColors } from "@shared/catalogue/variants.js";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { Db } from "../db/client.js";
import { categories, orderItems, orders, products, productStock } from "../db/schema.js";
import { saveStock } from "../modules/stock/stock-store.js";
import { loadVariants, saveSpecVariants } from "../modules/catalogue/index.js";
import type { TestContext } from "./test-app.js";

/**
 * The one source of test data. Rows that a test only reads go straight into the database, so a
 * test does not depend on another module's endpoints; orders a test is about go through the API.
 */

let counter = 0;
const next = () => ++counter;

export const newSessionId = () => randomUUID();

// ---- images and forms ----

export interface ImageOptions {
  /** Distinct seeds give distinct images (the image store deduplicates equal bytes). */
  seed?: number;
  format?: "png" | "jpeg" | "webp";
  width?: number;
  height?: number;
}

/** A small real image, so uploads go through the same decoding as in production. */
export async function makeImage({ seed = next(), format = "png", width = 24, height = 16 }: ImageOptions = {}) {
  const background = { r: seed % 256, g: (seed * 7) % 256, b: (90 + (seed >> 8)) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

export interface FormFile {
  field: string;
  filename: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body for app.inject, built by the platform's own FormData encoder (the files last, or first). */
export async function multipart(fields: Record<string, string>, files: FormFile[] = [], { filesFirst = false } = {}) {
  const form = new FormData();
  const appendFields = () => {
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
  };
  if (!filesFirst) appendFields();
  for (const f of files)
    form.append(
      f.field,
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "application/octet-stream" }),
      f.filename,
    );
  if (filesFirst) appendFields();
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

// ---- catalogue ----

export async function insertCategory(db: Db, slug: string, name = slug.charAt(0).toUpperCase() + slug.slice(1)) {
  const [row] = await db
    .insert(categories)
    .values({ name, slug, description: `${name} wear` })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A product with a unique name and SKU, sizes S/M/L and colours Red/Blue at Rs. 2,500 unless told otherwise. */
export async function insertProduct(db: Db, values: Partial<typeof products.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({
      name: `Lawn Suit ${n}`,
      sku: `SKU-${n}`,
      description: "A test product",
      price: "2500.00",
      category: "casual",
      sizes: ["S", "M", "L"],
      colors: ["Red", "Blue"],
      ...values,
    })
    .returning();
  // One variant per size × colour at the product's price, as every product has (decision 038).
  const variants = await saveSpecVariants(db, row);
  return { ...row, options: optionsFromSizesAndColors(row.sizes, row.colors), variants };
}

/** The productData of a plain valid product (as the admin form sends it); override what a test is about. */
export function productData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Test Lawn Suit",
    sku: "TST-001",
    description: "Three piece printed lawn",
    price: "3500",
    category: "casual",
    sizes: ["S", "M", "L"],
    colors: ["Red", "Blue"],
    inStock: 1,
    featured: 0,
    ...overrides,
  };
}

/** Sends a product form as the logged-in admin. */
export async function sendProduct(
  t: TestContext,
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, string>,
  files: FormFile[] = [],
) {
  const body = await multipart(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, cookie: t.adminCookie } });
}

/**
 * Creates a product through the admin's API (options and variants as the form sends them) and
 * answers it as the API does; a refusal throws with the API's answer.
 */
export async function createProduct<T = Record<string, unknown>>(
  t: TestContext,
  overrides: Record<string, unknown> = {},
): Promise<T> {
  const res = await sendProduct(t, "POST", "/api/products", { productData: JSON.stringify(productData(overrides)) });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as T;
}

/** Rows in a table: what a refused request must leave unchanged. */
export async function countRows(db: Db, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row.n;
}

// ---- orders through the API ----

export interface CheckoutItem {
  productId: number;
  quantity?: number;
  size?: string;
  color?: string;
  /** The variant chosen (decision 038); the line then names no size or colour unless given. */
  variantId?: number;
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
      size: i.size ?? (i.variantId === undefined ? "M" : ""),
      color: i.color ?? (i.variantId === undefined ? "Red" : ""),
      ...(i.variantId === undefined ? {} : { variantId: i.variantId }),
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

let shoppers = 0;
/**
 * A network address of its own for each order placed here (10.0.0.0/8), as real shoppers have:
 * orders of other tests from one address would otherwise count against this one's (the risk
 * checks' orders per network, the daily stock budget per network). Tests of those pass their own.
 */
export function shopperAddress(): string {
  const n = ++shoppers;
  return `10.${128 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;
}

export function postOrder(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress: string = shopperAddress(),
): Promise<LightMyRequestResponse> {
  return app.inject({ method: "POST", url: "/api/orders", payload: payload as object, headers, remoteAddress });
}

/** An order a staff member takes by hand (POST /api/admin/orders) of one size M, Red line. */
export function takeOrderByHand(
  app: FastifyInstance,
  cookie: string,
  line: { productId: number; quantity: number },
  customerPhone: string,
  source = "phone",
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url: "/api/admin/orders",
    headers: { cookie },
    payload: {
      customerName: "Sana Malik",
      customerPhone,
      shippingAddress: "Flat 3, Block B, Clifton",
      city: "Karachi",
      source,
      items: [{ productId: line.productId, size: "M", color: "Red", quantity: line.quantity }],
    },
  });
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

// ---- orders straight into the tables (the reports' tests) ----

export interface ItemSeed {
  product: Pick<typeof products.$inferSelect, "id" | "name" | "category">;
  quantity: number;
  price: number;
  size?: string;
  color?: string;
  /** The variant's options as sold (decision 038); none, as a line recorded before variants. */
  options?: Record<string, string>;
}

export interface OrderSeed {
  items: ItemSeed[];
  status?: OrderStatus;
  /** ISO time; defaults to now. */
  createdAt?: string;
  name?: string;
  phone?: string;
  email?: string;
  address?: string;
  city?: string;
  postalCode?: string;
  /** Defaults to the sum of the items. */
  total?: number;
}

/** An order and its items written in one transaction, bypassing the API's checks and pricing. */
export async function insertOrder(db: Db, seed: OrderSeed): Promise<string> {
  const subtotal = seed.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const phone = seed.phone ?? "0300 1234567";
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        createdAt: seed.createdAt ?? new Date().toISOString(),
        status: seed.status ?? "pending",
        customerName: seed.name ?? "Ayesha Khan",
        customerPhone: phone,
        phoneKey: phoneKey(phone),
        customerEmail: seed.email ?? "",
        shippingAddress: seed.address ?? "House 12, Street 4, Gulberg",
        city: seed.city ?? "Lahore",
        postalCode: seed.postalCode ?? "",
        subtotal: subtotal.toFixed(2),
        total: (seed.total ?? subtotal).toFixed(2),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      seed.items.map((i) => ({
        orderId: order.id,
        productId: i.product.id,
        productName: i.product.name,
        category: i.product.category,
        quantity: i.quantity,
        size: i.size ?? "",
        color: i.color ?? "",
        ...(i.options ? { options: i.options } : {}),
        price: i.price.toFixed(2),
      })),
    );
    return order.id;
  });
}

// ---- stock (decision 007) ----

/** Makes a product track stock with these quantities; every other size × colour it offers has 0. */
export async function trackStock(
  db: Db,
  product: Pick<typeof products.$inferSelect, "id">,
  stock: { size: string; color: string; quantity: number }[],
): Promise<void> {
  const variants = (await loadVariants(db, [product.id])).get(product.id) ?? [];
  await saveStock(
    db,
    product.id,
    variants.map((variant) => ({
      variant,
      quantity: stock.find((s) => s.size === variant.size && s.color === variant.color)?.quantity ?? 0,
    })),
  );
}

/** Units of one size and colour left in the database; undefined when the product has no such row. */
export async function stockLeft(db: Db, productId: number, size: string, color: string): Promise<number | undefined> {
  const [row] = await db
    .select({ quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size), eq(productStock.color, color)));
  return row?.quantity;
}

/** The n-th of a run of distinct valid mobile numbers on one network prefix ("0300…", "0321…"). */
export const mobileNumber = (n: number, prefix = "0300") => `${prefix}${String(1_000_000 + n).slice(-7)}`;
