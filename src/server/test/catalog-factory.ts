import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import type { Db } from "../db/client.js";
import { categories, products } from "../db/schema.js";
import type { TestContext } from "./test-app.js";

/** A small real image, so uploads go through the same decoding as in production. */
export async function makeImage(
  color = "#c2185b",
  format: "png" | "jpeg" | "webp" = "png",
  size = 48,
): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

export interface FormFile {
  field: string;
  filename: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body for app.inject, built by the platform's own FormData encoder. */
export async function multipart(fields: Record<string, string>, files: FormFile[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files)
    form.append(
      f.field,
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "application/octet-stream" }),
      f.filename,
    );
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}

/** The productData of a plain valid product; override what a test is about. */
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

export async function insertCategory(db: Db, slug: string, name = slug.charAt(0).toUpperCase() + slug.slice(1)) {
  const [row] = await db
    .insert(categories)
    .values({ name, slug, description: `${name} wear` })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A product row written straight to the database, for tests that read or filter. */
export async function insertProduct(db: Db, values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({ name: "Plain Kurta", price: "2000", category: "casual", sizes: ["M"], colors: ["White"], ...values })
    .returning();
  return row;
}

/** Rows in a table: what a refused request must leave unchanged. */
export async function countRows(db: Db, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row.n;
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
