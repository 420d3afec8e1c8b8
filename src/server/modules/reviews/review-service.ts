import { and, avg, count, desc, eq, inArray } from "drizzle-orm";
import { REVIEW_IMAGE_MAX_PX } from "@shared/constants.js";
import { normalizePhone, phoneKey, phonesMatch } from "@shared/rules/phone.js";
import type { RatingSummary } from "@shared/schemas/products.js";
import type { Review, ReviewValidation, reviewInput } from "@shared/schemas/reviews.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { ORDER_NUMBER_NEEDED } from "@shared/schemas/order-proof.js";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { orderItems, orders, reviews } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { findImageRefs, storeImages, type Upload } from "../images/index.js";
import { provesOrder } from "../order-core/index.js";
import { readReviewLinkToken } from "./review-link.js";

const fold = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** The spec's customer match: the phone rule (with a whole number, not a fragment) and the name, case-insensitive and trimmed. */
function isCustomer(order: { customerName: string; customerPhone: string }, name: string, phone: string): boolean {
  return (
    normalizePhone(phone).length >= 10 &&
    phonesMatch(phone, order.customerPhone) &&
    fold(order.customerName) === fold(name)
  );
}

const reviewColumns = {
  id: reviews.id,
  customerName: reviews.customerName,
  rating: reviews.rating,
  reviewText: reviews.reviewText,
  images: reviews.images,
  createdAt: reviews.createdAt,
};

type ReviewRow = {
  id: number;
  customerName: string;
  rating: number;
  reviewText: string;
  images: string[];
  createdAt: string;
};

async function serialize(db: Db, rows: ReviewRow[]): Promise<Review[]> {
  const refs = await findImageRefs(
    db,
    rows.flatMap((r) => r.images),
  );
  return rows.map((r) => ({
    id: r.id,
    customerName: r.customerName,
    rating: r.rating,
    reviewText: r.reviewText,
    images: r.images.map((id) => refs.get(id)).filter((ref): ref is ImageRef => !!ref),
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

const LIST_LIMIT = 200;

export async function listReviews(db: Db, productId: number): Promise<Review[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(LIST_LIMIT);
  return serialize(db, rows);
}

export async function ratingSummary(db: Db, productId: number): Promise<RatingSummary> {
  const [row] = await db
    .select({ average: avg(reviews.rating), total: count() })
    .from(reviews)
    .where(eq(reviews.productId, productId));
  const average = row.average === null ? 0 : Number(row.average);
  return { averageRating: Math.round(average * 10) / 10, totalReviews: Number(row.total) };
}

/** The caller's orders (phone and name both match), newest first. */
async function customerOrders(db: Db, name: string, phone: string) {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
    })
    .from(orders)
    .where(eq(orders.phoneKey, phoneKey(phone)))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return rows.filter((o) => isCustomer(o, name, phone));
}

/** What proves an order beyond name and phone (decision 013), with the secret a link token is checked under. */
export interface OrderProof {
  orderNumber?: string;
  reviewToken?: string;
  linkSecret?: string;
}

/** Neither an order number nor a link token: say what to enter, before anything is looked up. */
function requireProof(proof: OrderProof): void {
  if (!proof.orderNumber && !proof.reviewToken) throw new AppError("VALIDATION", ORDER_NUMBER_NEEDED);
}

const proves = (orderId: string, proof: OrderProof) =>
  provesOrder(orderId, proof.orderNumber) ||
  (!!proof.reviewToken && readReviewLinkToken(proof.linkSecret, proof.reviewToken) === orderId);

/**
 * Products of the caller's proven delivered order that have no review yet (one entry per product).
 * Only the order the number or link proves: name and phone alone show nothing, so they cannot be
 * used to confirm a guessed name.
 */
export async function findUnreviewed(
  db: Db,
  name: string,
  phone: string,
  proof: OrderProof,
): Promise<ReviewValidation> {
  requireProof(proof);
  const mine = (await customerOrders(db, name, phone)).filter((o) => proves(o.id, proof));
  const delivered = mine.filter((o) => o.status === "delivered");
  if (delivered.length === 0) return { hasOrders: mine.length > 0, unreviewedOrders: [] };
  const ids = delivered.map((o) => o.id);
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id);
  const done = await db
    .select({ orderId: reviews.orderId, productId: reviews.productId })
    .from(reviews)
    .where(inArray(reviews.orderId, ids));
  const reviewed = new Set(done.map((d) => `${d.orderId}:${d.productId}`));
  const unreviewedOrders = delivered
    .map((o) => {
      const seen = new Set<string>();
      const products = items
        .filter((i) => i.orderId === o.id)
        .filter((i) => {
          const key = `${o.id}:${i.productId}`;
          if (reviewed.has(key) || seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .map((i) => ({
          productId: i.productId,
          productName: i.productName,
          selectedImage: i.selectedImage,
          size: i.size,
          color: i.color,
        }));
      return { orderId: o.id, orderDate: new Date(o.createdAt).toISOString(), products };
    })
    .filter((o) => o.products.length > 0);
  return { hasOrders: true, unreviewedOrders };
}

export const ALREADY_REVIEWED = "You have already reviewed this product for this order";

type ReviewData = z.output<typeof reviewInput>;
export type ReviewableOrder = { id: string; customerName: string };

/**
 * Re-checks everything the dialog was told: the order is the caller's, delivered, holds the
 * product, not yet reviewed. Runs before any image of the form is read.
 */
export async function checkReviewRight(db: Db, input: ReviewData, linkSecret?: string): Promise<ReviewableOrder> {
  const proof = { orderNumber: input.orderNumber, reviewToken: input.reviewToken, linkSecret };
  requireProof(proof);
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      customerName: orders.customerName,
      customerPhone: orders.customerPhone,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId.toLowerCase()));
  // One refusal for every mismatch: a different answer for the right name (not delivered, not
  // in this order, already reviewed) would let anyone who knows a phone number guess the name
  // that tracking only shows as initials.
  if (
    !order ||
    !proves(order.id, proof) ||
    !isCustomer(order, input.customerName, input.customerPhone) ||
    order.status !== "delivered"
  )
    throw cannotReview();
  const [item] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, input.productId)))
    .limit(1);
  if (!item) throw cannotReview();
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.orderId, order.id), eq(reviews.productId, input.productId)));
  // Reviews show their author's name publicly anyway, so this answer tells nobody anything new.
  if (existing) throw new AppError("CONFLICT", ALREADY_REVIEWED);
  return { id: order.id, customerName: order.customerName };
}

export const CANNOT_REVIEW =
  "We could not match this review to a delivered order of yours that still awaits a review of this product. Check your name and phone number as you gave them at checkout, and the order number from your WhatsApp message or parcel label.";
const cannotReview = () => new AppError("FORBIDDEN", CANNOT_REVIEW);

/** Stores the images and the review of an order checkReviewRight accepted; the unique (order, product) index settles two submissions at once. */
export async function saveReview(
  db: Db,
  order: ReviewableOrder,
  input: ReviewData,
  uploads: Upload[],
): Promise<Review> {
  const refs = await storeImages(db, uploads, REVIEW_IMAGE_MAX_PX);
  try {
    const [row] = await db
      .insert(reviews)
      .values({
        productId: input.productId,
        orderId: order.id,
        customerName: order.customerName,
        rating: input.rating,
        reviewText: input.reviewText,
        images: refs.map((r) => r.id),
      })
      .returning(reviewColumns);
    return (await serialize(db, [row]))[0];
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", ALREADY_REVIEWED);
    throw err;
  }
}
