import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { CONFIRMATION_STATES } from "@shared/rules/confirmation.js";
import { ORDER_STATUSES } from "@shared/rules/order-status.js";
import { ADVANCE_STATUSES } from "@shared/rules/advance.js";
import type { SizeChart } from "@shared/schemas/attributes.js";
import type { ProductOption, VariantOptions } from "@shared/catalogue/variants.js";
import type { ProductStatus } from "@shared/catalogue/handles.js";
import { sqlList } from "./sql-list.js";

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
  /** {columns, rows, note}: shown from its products' pages (migration 0027). */
  sizeChart: jsonb("size_chart").$type<SizeChart>(),
});

/** The owner's attributes (Fabric, Pieces, ...) that products are filed under (decision 040). */
export const attributes = pgTable(
  "attributes",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    values: text("values")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("attributes_name_idx").on(sql`lower(${t.name})`)],
);

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
    /** Quantities per size and colour in product_stock (decision 007); false: as in the spec. */
    trackStock: boolean("track_stock").notNull().default(false),
    /** Up to three options in the order shoppers choose them (migration 0023, decision 038). */
    options: jsonb("options").$type<ProductOption[]>().notNull().default([]),
    /** Its address, /products/{handle} (decision 039); old ones stay in old_handles. */
    /** Written without one, the database makes it from the name (migration 0024's trigger). */
    handle: text("handle").notNull().unique().default(""),
    /** 'active', 'draft' or 'archived': only an active product reaches shoppers. */
    status: text("status").$type<ProductStatus>().notNull().default("active"),
    /** A draft with this time goes live by itself then (modules/catalogue/launches.ts). */
    publishAt: timestamp("publish_at", { withTimezone: true, mode: "string" }),
    /** {<attribute name>: [values]} (migration 0027). */
    attributes: jsonb("attributes").$type<Record<string, string[]>>().notNull().default({}),
    /** "Name:Value" of every option and attribute value: what facets count and `f` filters read (decision 040). */
    facetTokens: text("facet_tokens")
      .array()
      .generatedAlwaysAs(sql`product_facet_tokens(options, attributes, sizes, colors)`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    index("products_category_idx").on(t.category),
    index("products_created_idx").on(t.createdAt),
    index("products_facet_tokens_idx").using("gin", t.facetTokens),
  ],
);

/**
 * How many products share each combination of what the facets filter and count by (migration
 * 0032, decision 051): written only by the database's triggers on products, never by the
 * application; `select product_facet_counts_rebuild()` recounts it. The columns carry the names
 * of the products' columns they stand for, so the facets read it with the product list's own
 * conditions. `publish_at` is a draft's only; rows are split by the writer's `slot` and may net
 * to 0 or below per slot: readers sum `n` over the slots of a key.
 */
export const productFacetCounts = pgTable(
  "product_facet_counts",
  {
    facetTokens: text("facet_tokens").array().notNull(),
    category: text("category").notNull(),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    status: text("status").$type<ProductStatus>().notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true, mode: "string" }),
    slot: smallint("slot").notNull(),
    n: integer("n").notNull(),
    /** `facet_set_key(facet_tokens)`, the token set in the unique key (an md5: no btree size limit). */
    setKey: text("set_key").notNull(),
  },
  (t) => [
    uniqueIndex("product_facet_counts_key").on(
      t.setKey,
      t.category,
      t.price,
      t.status,
      sql`coalesce(${t.publishAt}, 'infinity'::timestamptz)`,
      t.slot,
    ),
  ],
);

/**
 * Each combination of a product's options on sale (migration 0023, decision 038); a combination
 * with no row is not sold. `size` / `color` are its Size and Color values ('' without them).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    options: jsonb("options").$type<VariantOptions>().notNull().default({}),
    size: text("size").notNull().default(""),
    color: text("color").notNull().default(""),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    originalPrice: numeric("original_price", { precision: 12, scale: 2 }),
    sku: text("sku"),
    /** An image of the product, in the same form as `products.images` entries. */
    imageId: text("image_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("product_variants_options_idx").on(t.productId, t.options),
    index("product_variants_product_idx").on(t.productId, t.position),
    index("product_variants_size_color_idx").on(t.productId, t.size, t.color),
    uniqueIndex("product_variants_sku_idx")
      .on(t.sku)
      .where(sql`${t.sku} is not null and ${t.sku} <> ''`),
    check("product_variants_options_object", sql`jsonb_typeof(${t.options}) = 'object'`),
  ],
);

/** A product's or a collection's handle before a rename: its links answer 301 to the current one. */
export const oldHandles = pgTable(
  "old_handles",
  {
    kind: text("kind").$type<"product" | "collection">().notNull(),
    handle: text("handle").notNull(),
    targetId: integer("target_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: "old_handles_pk", columns: [t.kind, t.handle] })],
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
  /** A return photo: served to staff only, never cached by a shared cache (migration 0010). */
  private: boolean("private").notNull().default(false),
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
    /** Null only for a line kept from before migration 0023 whose size or colour was no longer sold. */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    selectedImage: text("selected_image"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_items_line_idx").on(t.sessionId, t.variantId),
    index("cart_items_variant_idx").on(t.variantId),
    /** Expired lines are swept by age (migration 0004). */
    index("cart_items_created_idx").on(t.createdAt),
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
    /** Where the order came from (ORDER_SOURCES): web, or taken by hand from a message or call. */
    source: text("source").notNull().default("web"),
    /** The placing client's network (lib/network-key.ts), counted by the fake-order checks. */
    networkKey: text("network_key"),
    riskLevel: text("risk_level").notNull().default("low"),
    riskReasons: jsonb("risk_reasons").$type<string[]>().notNull().default([]),
    confirmationState: text("confirmation_state").notNull().default("off"),
    confirmationUpdatedAt: timestamp("confirmation_updated_at", { withTimezone: true, mode: "string" }),
    /** The order is the outbox of its confirmation request (migration 0008): failed sends so far… */
    confirmationAttempts: integer("confirmation_attempts").notNull().default(0),
    /** …and when the next one is due (null: at once). */
    confirmationRetryAt: timestamp("confirmation_retry_at", { withTimezone: true, mode: "string" }),
    /** An agent asked for the confirmation request (migration 0009): the outbox's automatic limits do not hold it. */
    confirmationByAgent: boolean("confirmation_by_agent").notNull().default(false),
    /** Why the store holds the confirmation for an agent, when it says (migration 0026: the number's daily limit). */
    confirmationHoldReason: text("confirmation_hold_reason"),
    /** When an unconfirmed web order gave its units back at its confirmation's expiry (migration 0009). */
    stockReleasedAt: timestamp("stock_released_at", { withTimezone: true, mode: "string" }),
    // Shipping (migration 0007): the *_at times are set by the database when the status first gets there.
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    shippedAt: timestamp("shipped_at", { withTimezone: true, mode: "string" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "string" }),
    returnedAt: timestamp("returned_at", { withTimezone: true, mode: "string" }),
    /** Set when booked through a courier's API: the follow-up job asks that courier about it. */
    courierBookedAt: timestamp("courier_booked_at", { withTimezone: true, mode: "string" }),
    /**
     * When the store last asked a courier to book this order, recorded before the call and kept
     * after a time-out: the retry looks the parcel up at the courier from that day (migration 0017).
     */
    courierAttemptedAt: timestamp("courier_attempted_at", { withTimezone: true, mode: "string" }),
    /** The courier's latest words about the parcel and when it said them (migration 0015). */
    courierStatus: text("courier_status"),
    courierStatusAt: timestamp("courier_status_at", { withTimezone: true, mode: "string" }),
    /** An exchange's replacement order points at the order it replaces. */
    replacementOf: uuid("replacement_of").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    // What the shopper pays, part by part (migration 0014; modules/pricing): total = subtotal −
    // discount + delivery_fee + cod_fee. The cash to collect is the total less the advance paid,
    // computed by the database (migration 0022): never written, never null.
    discount: numeric("discount", { precision: 12, scale: 2 }).notNull().default("0"),
    deliveryFee: numeric("delivery_fee", { precision: 12, scale: 2 }).notNull().default("0"),
    codFee: numeric("cod_fee", { precision: 12, scale: 2 }).notNull().default("0"),
    codAmount: numeric("cod_amount", { precision: 12, scale: 2 })
      .notNull()
      .generatedAlwaysAs(sql`total - advance_paid`),
    discountCode: text("discount_code"),
    discountId: integer("discount_id").references((): AnyPgColumn => discounts.id, { onDelete: "set null" }),
    /** What automatic sales took off the regular prices (migration 0016): the subtotal is after it. */
    saleDiscount: numeric("sale_discount", { precision: 12, scale: 2 }).notNull().default("0"),
    // The advance owed before shipping (migration 0019, decision 027): cod_amount = total − advance_paid.
    advanceAmount: numeric("advance_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    advancePaid: numeric("advance_paid", { precision: 12, scale: 2 }).notNull().default("0"),
    advanceStatus: text("advance_status").notNull().default("none"),
    advanceMethod: text("advance_method"),
    advanceReference: text("advance_reference"),
    advanceNote: text("advance_note"),
    /** The shopper's latest proof of payment (a private image, staff only). */
    advanceProof: uuid("advance_proof").references((): AnyPgColumn => images.id),
    advanceUpdatedAt: timestamp("advance_updated_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    index("orders_discount_idx")
      .on(t.discountId, t.phoneKey)
      .where(sql`${t.discountId} is not null`),
    index("orders_phone_key_idx").on(t.phoneKey),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_session_idx").on(t.sessionId),
    index("orders_network_created_idx").on(t.networkKey, t.createdAt),
    index("orders_confirmation_idx").on(t.confirmationState, t.createdAt),
    index("orders_risk_idx").on(t.riskLevel, t.createdAt),
    check("orders_risk_level_check", sql`${t.riskLevel} in ('low', 'medium', 'high')`),
    check("orders_confirmation_state_check", sql`${t.confirmationState} in ${sqlList(CONFIRMATION_STATES)}`),
    check("orders_status_check", sql`${t.status} in ${sqlList(ORDER_STATUSES)}`),
    check("orders_advance_status_check", sql`${t.advanceStatus} in ${sqlList(ADVANCE_STATUSES)}`),
    index("orders_advance_idx")
      .on(t.advanceStatus, t.createdAt)
      .where(sql`${t.advanceStatus} <> 'none'`),
    index("orders_courier_follow_idx")
      .on(t.courierBookedAt)
      .where(sql`${t.status} = 'shipped' and ${t.courierBookedAt} is not null`),
    // What online_units_held() reads (migration 0021, decision 034).
    index("orders_unconfirmed_web_idx")
      .on(t.id)
      .where(
        sql`${t.status} = 'pending' and ${t.source} = 'web' and ${t.confirmationState} <> 'confirmed' and ${t.stockReleasedAt} is null`,
      ),
  ],
);

/**
 * Discount codes (`code`) and automatic sales (`code` null), migration 0014. `claims` moves with
 * every placement that uses the code, in the order's own statement (modules/pricing/code-claim.ts).
 */
export const discounts = pgTable(
  "discounts",
  {
    id: serial("id").primaryKey(),
    code: text("code"),
    kind: text("kind").$type<"percent" | "fixed" | "free_delivery">().notNull(),
    value: numeric("value", { precision: 12, scale: 2 }).notNull().default("0"),
    minSubtotal: numeric("min_subtotal", { precision: 12, scale: 2 }),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "string" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "string" }),
    usageLimit: integer("usage_limit"),
    perPhoneLimit: integer("per_phone_limit"),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: integer("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    active: boolean("active").notNull().default(true),
    claims: bigint("claims", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discounts_code_key")
      .on(sql`lower(${t.code})`)
      .where(sql`${t.code} is not null`),
    check("discounts_kind_check", sql`${t.kind} in ('percent', 'fixed', 'free_delivery')`),
    check("discounts_sale_kind_check", sql`${t.code} is not null or ${t.kind} <> 'free_delivery'`),
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
    /** The variant sold and its options at the time (migration 0023); no foreign key, as for the product. */
    variantId: integer("variant_id"),
    options: jsonb("options").$type<VariantOptions>().notNull().default({}),
    price: numeric("price", { precision: 12, scale: 2 }).notNull(),
    selectedImage: text("selected_image"),
    /** A line sold under an automatic sale (migration 0016): its regular unit price and that sale. */
    regularPrice: numeric("regular_price", { precision: 12, scale: 2 }),
    saleId: integer("sale_id").references((): AnyPgColumn => discounts.id, { onDelete: "set null" }),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_sale_idx")
      .on(t.saleId, t.orderId)
      .where(sql`${t.saleId} is not null`),
    // (product_id, id): a product's latest order line (the name the reports show) is one index probe.
    index("order_items_product_idx").on(t.productId, t.id),
    index("order_items_variant_idx")
      .on(t.variantId)
      .where(sql`${t.variantId} is not null`),
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

/** Every status a courier reported for an order, in its own words (modules/shipping, migration 0015). */
export const courierEvents = pgTable(
  "courier_events",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    courier: text("courier").notNull(),
    status: text("status").notNull(),
    reason: text("reason").notNull().default(""),
    at: timestamp("at", { withTimezone: true, mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("courier_events_order_idx").on(t.orderId, t.id)],
);

/** A failed delivery attempt and what was chosen about it (modules/shipping, migration 0015). */
export const deliveryIssues = pgTable(
  "delivery_issues",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    courier: text("courier").notNull(),
    reason: text("reason").notNull(),
    at: timestamp("at", { withTimezone: true, mode: "string" }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    resolution: text("resolution"),
    address: text("address"),
    note: text("note").notNull().default(""),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "string" }),
    /** The customer pressed "new address": their next text message from that number is it. */
    awaitingAddress: boolean("awaiting_address").notNull().default(false),
    /** When the courier was told the resolution (shipper advice): once. */
    advisedAt: timestamp("advised_at", { withTimezone: true, mode: "string" }),
    /** The parcel was delivered after the attempt (the Overview's rescued parcels). */
    deliveredAfter: boolean("delivered_after").notNull().default(false),
    /** The order's city (as report_city keys it) and status, kept by triggers for the roll-up (migration 0017). */
    city: text("city").notNull().default(""),
    orderStatus: text("order_status").notNull().default("shipped"),
  },
  (t) => [
    index("delivery_issues_open_idx")
      .on(t.at)
      .where(sql`${t.resolution} is null`),
    check(
      "delivery_issues_resolution_check",
      sql`${t.resolution} is null or ${t.resolution} in ('reattempt', 'new_address', 'return')`,
    ),
  ],
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

/** Numbers refused at checkout, by phone key (every spelling of a number has the same key). */
export const blockedPhones = pgTable("blocked_phones", {
  phoneKey: text("phone_key").primaryKey(),
  phone: text("phone").notNull(),
  reason: text("reason").notNull().default(""),
  createdAt: createdAt(),
});

/** WhatsApp messages sent and received per order (modules/whatsapp); inbound ids are unique, so each is handled once. */
export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    direction: text("direction").notNull(),
    kind: text("kind").notNull(),
    waMessageId: text("wa_message_id"),
    state: text("state").notNull(),
    body: text("body").notNull().default(""),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** The customer's number as digits with country code (migration 0013): the conversation. */
    phone: text("phone"),
    /** Meta's business-scoped user id, when the webhook reported one. */
    userId: text("user_id"),
    /** When the customer sent it (their `timestamp`): the 24-hour window counts from here. */
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "string" }),
    mediaId: text("media_id"),
    mediaType: text("media_type"),
    /** `statuses[].pricing` as Meta reported it. */
    pricingBillable: boolean("pricing_billable"),
    pricingModel: text("pricing_model"),
    pricingCategory: text("pricing_category"),
    pricingType: text("pricing_type"),
    /** The staff member who wrote a reply from the inbox. */
    sentBy: text("sent_by"),
  },
  (t) => [
    uniqueIndex("whatsapp_messages_wa_id_idx").on(t.waMessageId),
    index("whatsapp_messages_order_idx").on(t.orderId, t.id),
    index("whatsapp_messages_phone_idx").on(t.phone, t.id),
    index("whatsapp_messages_pricing_idx")
      .on(t.createdAt)
      .where(sql`${t.pricingCategory} is not null`),
    index("whatsapp_messages_out_recent_idx")
      .on(t.createdAt)
      .where(sql`${t.direction} = 'out'`),
    uniqueIndex("whatsapp_messages_once_idx")
      .on(t.orderId, t.kind)
      .where(sql`${t.direction} = 'out' AND ${t.kind} in ('reminder', 'review')`),
    check("whatsapp_messages_direction_check", sql`${t.direction} in ('out', 'in')`),
  ],
);

/** One row per WhatsApp customer (migration 0013): Meta's user id for the phone, and the inbox's place. */
export const whatsappContacts = pgTable(
  "whatsapp_contacts",
  {
    phone: text("phone").primaryKey(),
    userId: text("user_id"),
    name: text("name"),
    lastMessageId: integer("last_message_id"),
    lastAt: timestamp("last_at", { withTimezone: true, mode: "string" }),
    readUpTo: integer("read_up_to").notNull().default(0),
    unread: integer("unread").notNull().default(0),
  },
  (t) => [
    uniqueIndex("whatsapp_contacts_user_id_idx").on(t.userId),
    index("whatsapp_contacts_last_idx").on(t.lastAt.desc().nullsLast(), t.phone),
  ],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value"),
});

export const admins = pgTable(
  "admins",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    /** 'owner' (everything) or 'agent' (orders, customers, returns, notes…); migration 0004. */
    role: text("role").$type<"owner" | "agent">().notNull().default("owner"),
    disabled: boolean("disabled").notNull().default(false),
    /** The account made with a random password at first start; retired once ADMIN_USERNAME names another. */
    generated: boolean("generated").notNull().default(false),
  },
  (t) => [check("admins_role_check", sql`${t.role} in ('owner', 'agent')`)],
);

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

/**
 * The networks (networkKey) each account logged in from lately (migration 0011): the account-wide
 * login cap counts only failures from other networks, on every app server and after a restart.
 */
export const adminKnownNetworks = pgTable(
  "admin_known_networks",
  {
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ name: "admin_known_networks_pk", columns: [t.adminId, t.network] })],
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
    /** The orders' totals; the columns after it split them (migration 0016): revenue = goods − discount + fees. */
    revenue: numeric("revenue").notNull(),
    goods: numeric("goods").notNull().default("0"),
    discount: numeric("discount").notNull().default("0"),
    saleDiscount: numeric("sale_discount").notNull().default("0"),
    deliveryFees: numeric("delivery_fees").notNull().default("0"),
    codFees: numeric("cod_fees").notNull().default("0"),
  },
  (t) => [primaryKey({ name: "report_daily_sales_pk", columns: [t.day, t.status, t.slot] })],
);

/** Items sold per variant over non-cancelled orders; category, colour and size as the reports name them. */
export const reportVariantSales = pgTable(
  "report_variant_sales",
  {
    productId: integer("product_id").notNull(),
    category: text("category").notNull(),
    /** The variant sold, by its options (migration 0029): the line's, or its size and colour as {Size, Color}; {} without. */
    options: jsonb("options").$type<VariantOptions>().notNull(),
    slot: smallint("slot").notNull(),
    /** Order lines counted: a variant whose lines are all gone or cancelled has 0 and is not shown. */
    lines: integer("lines").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    revenue: numeric("revenue").notNull(),
  },
  (t) => [
    primaryKey({
      name: "report_variant_sales_pk",
      columns: [t.productId, t.category, t.options, t.slot],
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

/** Every staff mutation: who, when, what, and the before and after of what changed (migration 0004). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    orderId: uuid("order_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actor, t.at),
    index("audit_log_order_idx").on(t.orderId, t.at),
  ],
);

/** Staff-only notes on an order; never in a shopper's answer (migration 0004). */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.createdAt)],
);

/** Throttle counts shared by every app server on PostgreSQL (migration 0004; decision 009). */
export const throttleHits = pgTable(
  "throttle_hits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true, mode: "string" }).notNull(),
  },
  (t) => [index("throttle_hits_reset_idx").on(t.resetAt)],
);

/** A customer's request to return or exchange items of a delivered order (migration 0007). */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    status: text("status").notNull().default("requested"),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    items: jsonb("items").$type<ReturnItemRow[]>().notNull(),
    /** Image ids in `images`. */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    adminNote: text("admin_note").notNull().default(""),
    replacementOrderId: uuid("replacement_order_id").references(() => orders.id, { onDelete: "set null" }),
    refundAmount: numeric("refund_amount", { precision: 12, scale: 2 }),
    refundMethod: text("refund_method"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "string" }),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    index("return_requests_order_idx").on(t.orderId),
    index("return_requests_status_created_idx").on(t.status, t.createdAt),
    check("return_requests_type_check", sql`${t.type} in ('return', 'exchange')`),
    check("return_requests_status_check", sql`${t.status} in ('requested', 'approved', 'rejected', 'completed')`),
    check(
      "return_requests_refund_method_check",
      sql`${t.refundMethod} is null or ${t.refundMethod} in ('cash', 'bank_transfer', 'easypaisa', 'jazzcash')`,
    ),
  ],
);

export interface ReturnItemRow {
  productId: number;
  size: string;
  color: string;
  /** The order line's variant and its options as sold (decision 038); absent on a request made before them. */
  variantId?: number;
  options?: Record<string, string>;
  quantity: number;
  exchangeSize?: string;
  exchangeColor?: string;
  /** The variant asked for instead (decision 038); its size and colour are in exchangeSize / exchangeColor. */
  exchangeVariantId?: number;
  /** Its options when asked for, so the request names it ("Unstitched / S / Red") whatever becomes of it. */
  exchangeOptions?: Record<string, string>;
}

/** Orders handed to a courier (shipped, delivered, returned) per city, courier and status (migration 0007). */
export const reportShippingOutcomes = pgTable(
  "report_shipping_outcomes",
  {
    city: text("city").notNull(),
    courier: text("courier").notNull(),
    status: text("status").notNull(),
    slot: smallint("slot").notNull(),
    orders: integer("orders").notNull(),
  },
  (t) => [primaryKey({ name: "report_shipping_outcomes_pk", columns: [t.city, t.courier, t.status, t.slot] })],
);

/** Parcels with a failed delivery attempt and their attempts, per city, courier and order status (migration 0017). */
export const reportDeliveryAttempts = pgTable(
  "report_delivery_attempts",
  {
    city: text("city").notNull(),
    courier: text("courier").notNull(),
    status: text("status").notNull(),
    parcels: integer("parcels").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [primaryKey({ name: "report_delivery_attempts_pk", columns: [t.city, t.courier, t.status] })],
);

/** Webhook deliveries the store could not read whole, kept for the owner (bounded; migration 0017). */
export const whatsappUnknownDeliveries = pgTable(
  "whatsapp_unknown_deliveries",
  {
    id: serial("id").primaryKey(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** sha256 of the body: Meta's redelivery of the same bytes is kept once. */
    digest: text("digest").notNull(),
    what: text("what").notNull(),
    body: text("body").notNull(),
  },
  (t) => [uniqueIndex("whatsapp_unknown_deliveries_digest_idx").on(t.digest)],
);

/** Meta's webhook deliveries, recorded before the answer and handled after it, in order (migration 0017). */
export const whatsappWebhookInbox = pgTable(
  "whatsapp_webhook_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    body: text("body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAt: timestamp("next_at", { withTimezone: true, mode: "string" })
      .notNull()
      .default(sql`'-infinity'`),
    error: text("error"),
  },
  (t) => [index("whatsapp_webhook_inbox_due_idx").on(t.nextAt, t.id)],
);

/** Order lines of orders handed to a courier, per product and status (migration 0007). */
export const reportProductOutcomes = pgTable(
  "report_product_outcomes",
  {
    productId: integer("product_id").notNull(),
    status: text("status").notNull(),
    slot: smallint("slot").notNull(),
    lines: integer("lines").notNull(),
  },
  (t) => [primaryKey({ name: "report_product_outcomes_pk", columns: [t.productId, t.status, t.slot] })],
);

/** Deleted shipped-or-later orders, held for the rest of the deleting statement (as reportDeletedOrders). */
export const reportDeletedShipped = pgTable("report_deleted_shipped", {
  orderId: uuid("order_id").primaryKey(),
  status: text("status").notNull(),
});

/**
 * Durable background jobs (decision 006, `src/server/jobs`): WhatsApp messages, reminders,
 * courier follow-up. A row is written with the change that causes it and claimed by one app
 * server at a time (`locked_until` is its lease); `key` dedupes while a job is queued or running.
 */
/** Work that one app server at a time does (e.g. draining the confirmation outbox), held until `until`. */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  until: timestamp("until", { withTimezone: true, mode: "string" }).notNull(),
});

export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    key: text("key"),
    state: text("state").notNull().default("queued"),
    /** `-infinity`: as soon as possible, whatever the runner's clock says. */
    runAt: timestamp("run_at", { withTimezone: true, mode: "string" })
      .notNull()
      .default(sql`'-infinity'`),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "string" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index("jobs_lease_idx")
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    uniqueIndex("jobs_key_idx")
      .on(t.key)
      .where(sql`${t.state} in ('queued', 'running')`),
    index("jobs_finished_idx")
      .on(t.finishedAt)
      .where(sql`${t.state} in ('done', 'failed')`),
    check("jobs_state_check", sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/** Units on hand per variant of a product that tracks stock (decision 007, migration 0023). */
export const productStock = pgTable(
  "product_stock",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    color: text("color").notNull(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ name: "product_stock_pk", columns: [t.variantId] }),
    index("product_stock_product_idx").on(t.productId),
    index("product_stock_quantity_idx").on(t.quantity),
    check("product_stock_quantity_check", sql`${t.quantity} >= 0`),
  ],
);

/** What each order took from product_stock; `held` turns false once it is given back. */
export const orderStock = pgTable(
  "order_stock",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull(),
    /** No foreign key: orders outlive products. Null only for a line of a product deleted before migration 0023. */
    variantId: integer("variant_id"),
    quantity: integer("quantity").notNull(),
    held: boolean("held").notNull().default(true),
  },
  (t) => [
    uniqueIndex("order_stock_line_idx").on(t.orderId, t.variantId),
    index("order_stock_variant_idx")
      .on(t.variantId, t.orderId)
      .where(sql`${t.held}`),
  ],
);

/**
 * Units of counted stock that unconfirmed web orders took, per phone and per network and day
 * (migration 0009, decision 012); checked and counted by order placement's own statement.
 */
export const onlineStockBudget = pgTable(
  "online_stock_budget",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    units: integer("units").notNull(),
  },
  (t) => [
    primaryKey({ name: "online_stock_budget_pk", columns: [t.scope, t.key, t.day] }),
    index("online_stock_budget_day_idx").on(t.day),
    check("online_stock_budget_scope_check", sql`${t.scope} in ('phone', 'network')`),
  ],
);

/** Orders and revenue per source and status, all time; kept by migration 0005's trigger. */
export const reportSourceSales = pgTable(
  "report_source_sales",
  {
    source: text("source").notNull(),
    status: text("status").notNull(),
    slot: smallint("slot").notNull(),
    orders: integer("orders").notNull(),
    revenue: numeric("revenue").notNull(),
  },
  (t) => [primaryKey({ name: "report_source_sales_pk", columns: [t.source, t.status, t.slot] })],
);

/** What the checkout request told about the shopper's browser, for Meta's Conversions API (migration 0018). */
export const orderAdContext = pgTable("order_ad_context", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  /** The `_fbp` and `_fbc` cookies as sent, when well formed. */
  fbp: text("fbp"),
  fbc: text("fbc"),
  userAgent: text("user_agent").notNull().default(""),
  sourceUrl: text("source_url").notNull().default(""),
});

/** The Conversions API outbox (migration 0018): one row per order and event, sent by one app server. */
export const metaEvents = pgTable(
  "meta_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    eventName: text("event_name").notNull(),
    eventTime: timestamp("event_time", { withTimezone: true, mode: "string" }).notNull(),
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "string" })
      .notNull()
      .default(sql`'-infinity'`),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "string" }),
    lastError: text("last_error"),
    fbtraceId: text("fbtrace_id"),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("meta_events_once_idx").on(t.orderId, t.eventName),
    index("meta_events_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('queued', 'sending')`),
    index("meta_events_recent_idx").on(t.finishedAt),
    check("meta_events_state_check", sql`${t.state} in ('queued', 'sending', 'sent', 'failed', 'dropped', 'skipped')`),
  ],
);

// ---- Courier remittances (migration 0020, decision 028) ----

/** Each courier's remembered settlement-sheet columns. */
export const remittanceMappings = pgTable("remittance_mappings", {
  courier: text("courier").primaryKey(),
  mapping: jsonb("mapping").$type<Record<string, string>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});

export const remittanceImports = pgTable("remittance_imports", {
  id: serial("id").primaryKey(),
  courier: text("courier").notNull(),
  fileName: text("file_name").notNull(),
  rows: integer("rows").notNull(),
  matched: integer("matched").notNull(),
  unmatched: integer("unmatched").notNull(),
  duplicates: integer("duplicates").notNull(),
  actor: text("actor").notNull(),
  createdAt: createdAt(),
});

/** What a courier paid for a parcel (a sheet's row or its API's answer); `counted`: the parcel's one payment in the summaries. */
export const remittancePayments = pgTable(
  "remittance_payments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    courier: text("courier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    /** No foreign key: its check would lock the order row under the payments lock (decision 028). */
    orderId: uuid("order_id"),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    charges: numeric("charges", { precision: 12, scale: 2 }).notNull().default("0"),
    tax: numeric("tax", { precision: 12, scale: 2 }).notNull().default("0"),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "string" }).notNull(),
    reference: text("reference"),
    source: text("source").$type<"sheet" | "api">().notNull(),
    paymentKey: text("payment_key").notNull().unique(),
    counted: boolean("counted").notNull(),
    importId: integer("import_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("remittance_payments_counted_idx")
      .on(t.orderId)
      .where(sql`${t.counted}`),
    index("remittance_payments_order_idx").on(t.orderId),
  ],
);

export const remittanceFlags = pgTable(
  "remittance_flags",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    courier: text("courier").notNull(),
    kind: text("kind").notNull(),
    orderId: uuid("order_id"),
    trackingNumber: text("tracking_number").notNull(),
    paymentId: bigint("payment_id", { mode: "number" }).references(() => remittancePayments.id, {
      onDelete: "cascade",
    }),
    expected: numeric("expected", { precision: 12, scale: 2 }),
    received: numeric("received", { precision: 12, scale: 2 }),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "string" }),
    resolvedBy: text("resolved_by"),
    note: text("note"),
  },
  (t) => [
    index("remittance_flags_open_idx")
      .on(t.id)
      .where(sql`${t.resolvedAt} is null`),
    index("remittance_flags_order_idx").on(t.orderId),
  ],
);

/** Summaries kept by remittance_apply_orders / remittance_apply_payments (migration 0020). */
export const remittanceWeeks = pgTable(
  "remittance_weeks",
  {
    courier: text("courier").notNull(),
    week: date("week", { mode: "string" }).notNull(),
    expected: numeric("expected", { precision: 14, scale: 2 }).notNull().default("0"),
    received: numeric("received", { precision: 14, scale: 2 }).notNull().default("0"),
    charges: numeric("charges", { precision: 14, scale: 2 }).notNull().default("0"),
    tax: numeric("tax", { precision: 14, scale: 2 }).notNull().default("0"),
    parcels: integer("parcels").notNull().default(0),
    paidParcels: integer("paid_parcels").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courier, t.week] })],
);

export const remittanceUnpaidDays = pgTable(
  "remittance_unpaid_days",
  {
    courier: text("courier").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    parcels: integer("parcels").notNull().default(0),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.courier, t.day] })],
);

/** The unpaid sweep's watermark: deliveries before it have had their 'unpaid' flags made (one row). */
export const remittanceSweep = pgTable("remittance_sweep", {
  id: integer("id").primaryKey().default(1),
  flaggedBefore: timestamp("flagged_before", { withTimezone: true, mode: "string" }).notNull(),
});

/** When the courier's payment call was last asked about a parcel (the pull asks the others first). */
export const remittanceApiAsks = pgTable("remittance_api_asks", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  askedAt: timestamp("asked_at", { withTimezone: true, mode: "string" }).notNull(),
});
/**
 * Advances received and refunded (migration 0019, decision 027): one row per payment an agent
 * marked or a gateway notified, and per refund (a negative amount). A gateway's own reference is
 * unique per source, so a notification sent twice records once.
 */
export const advancePayments = pgTable(
  "advance_payments",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    reference: text("reference"),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("advance_payments_reference_key")
      .on(t.source, t.reference)
      .where(sql`${t.reference} is not null`),
    index("advance_payments_created_idx").on(t.createdAt),
    index("advance_payments_order_idx").on(t.orderId),
  ],
);

/** A phone that said STOP or pressed the opt-out button (migration 0026): no marketing to it. */
export const marketingOptOuts = pgTable("marketing_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});

/**
 * A shopper's wish to hear when a sold-out variant is back (migration 0026): `waiting`, made `due`
 * by product_stock's trigger when units come back, `notified` once messaged, `lapsed` after 60 days.
 */
export const backInStockRequests = pgTable(
  "back_in_stock_requests",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** The variant's Size and Color values when asked for (shown in the admin's demand). */
    size: text("size").notNull().default(""),
    color: text("color").notNull().default(""),
    /** Digits with country code (923001234567). */
    phone: text("phone").notNull(),
    network: text("network"),
    state: text("state").notNull().default("waiting"),
    createdAt: createdAt(),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "string" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true, mode: "string" }),
    waMessageId: text("wa_message_id"),
  },
  (t) => [
    uniqueIndex("back_in_stock_open_idx")
      .on(t.variantId, t.phone)
      .where(sql`${t.state} in ('waiting', 'due')`),
    index("back_in_stock_variant_idx").on(t.variantId, t.state, t.createdAt, t.id),
    index("back_in_stock_product_idx").on(t.productId),
    index("back_in_stock_due_idx")
      .on(t.id)
      .where(sql`${t.state} = 'due'`),
    index("back_in_stock_phone_idx").on(t.phone, t.createdAt),
    check("back_in_stock_state_check", sql`${t.state} in ('waiting', 'due', 'notified', 'lapsed')`),
  ],
);

/** A checkout the shopper asked to be reminded of (migration 0026): the cart's lines, the phone, the restore token. */
export const savedCheckouts = pgTable(
  "saved_checkouts",
  {
    id: serial("id").primaryKey(),
    token: text("token").notNull(),
    sessionId: text("session_id").notNull(),
    phone: text("phone").notNull(),
    phoneKey: text("phone_key").notNull(),
    network: text("network"),
    lines: jsonb("lines").notNull(),
    subtotal: numeric("subtotal", { precision: 12, scale: 2 }).notNull().default("0"),
    state: text("state").notNull().default("saved"),
    createdAt: createdAt(),
    dueAt: timestamp("due_at", { withTimezone: true, mode: "string" }),
    reminders: integer("reminders").notNull().default(0),
    firstSentAt: timestamp("first_sent_at", { withTimezone: true, mode: "string" }),
    secondSentAt: timestamp("second_sent_at", { withTimezone: true, mode: "string" }),
    restoredAt: timestamp("restored_at", { withTimezone: true, mode: "string" }),
    stopReason: text("stop_reason"),
  },
  (t) => [
    uniqueIndex("saved_checkouts_token_idx").on(t.token),
    index("saved_checkouts_due_idx")
      .on(t.dueAt)
      .where(sql`${t.state} in ('saved', 'messaged')`),
    index("saved_checkouts_phone_idx").on(t.phoneKey, t.createdAt),
    check("saved_checkouts_state_check", sql`${t.state} in ('saved', 'messaged', 'stopped', 'done')`),
  ],
);
/** A picture's address an import fetched, and the image it became (migration 0028, decision 043). */
export const productImportPictures = pgTable("product_import_pictures", {
  url: text("url").primaryKey(),
  imageId: uuid("image_id")
    .notNull()
    .references(() => images.id),
  createdAt: createdAt(),
});
/** A product import run in the background (over 1,000 rows): its file as read, progress and result. */
export const productImports = pgTable("product_imports", {
  id: serial("id").primaryKey(),
  format: text("format").notNull(),
  fileName: text("file_name").notNull(),
  state: text("state").notNull().default("running"),
  rows: integer("rows").notNull(),
  rowsDone: integer("rows_done").notNull().default(0),
  catalogue: jsonb("catalogue"),
  result: jsonb("result"),
  actor: text("actor").notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
});
