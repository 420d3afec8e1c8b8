import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
});

/** Image ids in `images` and `color_variant_images` point at `images.id`; images are never deleted
 * with a product, because orders and reviews keep referring to them. */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    sku: text("sku").notNull().default(""),
    description: text("description").notNull().default(""),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    originalPrice: numeric("original_price", { precision: 12, scale: 2 }),
    category: text("category").notNull(),
    sizes: text("sizes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: text("colors")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inStock: boolean("in_stock").notNull().default(true),
    featured: boolean("featured").notNull().default(false),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    colorVariantImages: jsonb("color_variant_images").$type<Record<string, string[]>>().notNull().default({}),
    colorVariantStock: jsonb("color_variant_stock").$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [index("products_category_idx").on(t.category), index("products_created_idx").on(t.createdAt)],
);

export const images = pgTable("images", {
  id: uuid("id").primaryKey().defaultRandom(),
  sha256: text("sha256").notNull().unique(),
  filename: text("filename").notNull(),
  mimeType: text("mime_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  edgeColor: text("edge_color").notNull().default("#f9fafb"),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

/** Smaller WebP renditions (thumb, card) made once at upload. */
export const imageRenditions = pgTable(
  "image_renditions",
  {
    imageId: uuid("image_id")
      .notNull()
      .references(() => images.id, { onDelete: "cascade" }),
    variant: text("variant").notNull(),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [uniqueIndex("image_renditions_pk").on(t.imageId, t.variant)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    sessionId: uuid("session_id").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull(),
    selectedImage: text("selected_image"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_items_line_idx").on(t.sessionId, t.productId, t.size, t.color),
    check("cart_items_quantity_check", sql`${t.quantity} between 1 and 99`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: createdAt(),
    status: text("status").notNull().default("pending"),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    /** Last ten digits of the normalised phone: the index every phone lookup goes through. */
    phoneKey: text("phone_key").notNull(),
    customerEmail: text("customer_email").notNull().default(""),
    shippingAddress: text("shipping_address").notNull(),
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull().default(""),
    specialInstructions: text("special_instructions").notNull().default(""),
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull(),
    tax: numeric("tax", { precision: 12, scale: 2 }).notNull().default("0"),
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    paymentMethod: text("payment_method").notNull().default("cod"),
    sessionId: uuid("session_id"),
    idempotencyKey: text("idempotency_key").unique(),
  },
  (t) => [
    index("orders_phone_key_idx").on(t.phoneKey),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_session_idx").on(t.sessionId),
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** No foreign key: an order keeps its items after the product is deleted. */
    productId: integer("product_id").notNull(),
    productName: text("product_name").notNull(),
    category: text("category").notNull().default(""),
    quantity: integer("quantity").notNull(),
    size: text("size").notNull().default(""),
    color: text("color").notNull().default(""),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    selectedImage: text("selected_image"),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    // (product_id, id): a product's latest order line (the name the reports show) is one index probe.
    index("order_items_product_idx").on(t.productId, t.id),
  ],
);

export const orderStatusEvents = pgTable(
  "order_status_events",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_events_order_idx").on(t.orderId)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerName: text("customer_name").notNull(),
    rating: smallint("rating").notNull(),
    reviewText: text("review_text").notNull().default(""),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_order_product_idx").on(t.orderId, t.productId),
    index("reviews_product_idx").on(t.productId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value"),
});

export const admins = pgTable("admins", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/** Only a SHA-256 of the cookie's token is stored: a leaked table opens no session. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("admin_sessions_expires_idx").on(t.expiresAt)],
);

/*
 * Report roll-ups (decision 005). Written only by the database's own triggers on orders and
 * order_items (migration 0002_report_triggers), never by the application; `select report_rebuild()`
 * recomputes them from the orders. Rows are split by `slot` (the writer's backend) so concurrent
 * order placements on PostgreSQL do not queue on one hot row; readers sum the slots.
 */

/** Orders and revenue per store-local day (Asia/Karachi) and status, cancelled included. */
export const reportDailySales = pgTable(
  "report_daily_sales",
  {
    day: date("day", { mode: "string" }).notNull(),
    status: text("status").notNull(),
    slot: smallint("slot").notNull(),
    orders: integer("orders").notNull(),
    revenue: numeric("revenue").notNull(),
  },
  (t) => [primaryKey({ name: "report_daily_sales_pk", columns: [t.day, t.status, t.slot] })],
);

/** Items sold per variant over non-cancelled orders; category, colour and size as the reports name them. */
export const reportVariantSales = pgTable(
  "report_variant_sales",
  {
    productId: integer("product_id").notNull(),
    category: text("category").notNull(),
    color: text("color").notNull(),
    size: text("size").notNull(),
    slot: smallint("slot").notNull(),
    /** Order lines counted: a variant whose lines are all gone or cancelled has 0 and is not shown. */
    lines: integer("lines").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    revenue: numeric("revenue").notNull(),
  },
  (t) => [
    primaryKey({
      name: "report_variant_sales_pk",
      columns: [t.productId, t.category, t.color, t.size, t.slot],
    }),
  ],
);

/** One row per customer (normalised phone) with a non-cancelled order: counts, spend, latest order's details. */
export const reportCustomers = pgTable(
  "report_customers",
  {
    phoneKey: text("phone_key").primaryKey(),
    orderCount: integer("order_count").notNull(),
    totalSpent: numeric("total_spent").notNull(),
    lastOrder: timestamp("last_order", { withTimezone: true, mode: "string" }),
    lastOrderId: uuid("last_order_id"),
    name: text("name"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    city: text("city"),
  },
  (t) => [
    // Exactly the table's order (desc is nulls first in SQL), so the top 1,001 are read off the index.
    index("report_customers_rank_idx").on(
      t.totalSpent.desc().nullsFirst(),
      t.lastOrder.desc().nullsFirst(),
      t.phoneKey,
    ),
  ],
);

/**
 * Deleted non-cancelled orders, held for the rest of the statement: order_items' delete trigger
 * (which fires after orders', when the cascade has removed the items) needs to know which
 * deleted items were counted. Empty outside a deleting statement.
 */
export const reportDeletedOrders = pgTable("report_deleted_orders", {
  orderId: uuid("order_id").primaryKey(),
});
