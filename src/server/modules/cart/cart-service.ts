import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { MAX_QUANTITY } from "@shared/rules/cart-line.js";
import type { AddToCartInput, CartItem } from "@shared/schemas/cart.js";
import type { ImageRef } from "@shared/schemas/common.js";
import type { Db } from "../../db/client.js";
import { cartItems, products, productVariants } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { findImageRefs } from "../images/index.js";
import { salePricer } from "../pricing/index.js";
import { checkLineQuantity, checkUnitsLeft } from "../stock/index.js";
import { checkChoice, loadChoiceProducts, resolveSelectedImage } from "../catalogue/index.js";

const lineColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  quantity: cartItems.quantity,
  size: cartItems.size,
  color: cartItems.color,
  variantId: cartItems.variantId,
  options: productVariants.options,
  selectedImage: cartItems.selectedImage,
  sessionId: cartItems.sessionId,
  name: products.name,
  sku: products.sku,
  // The variant's own price (decision 038); a line kept from before variants whose choice is no longer sold shows the product's.
  price: sql<string>`coalesce(${productVariants.price}, ${products.price})::text`,
  originalPrice: sql<
    string | null
  >`(case when ${productVariants.id} is null then ${products.originalPrice} else ${productVariants.originalPrice} end)::text`,
  category: products.category,
  images: products.images,
};
interface LineRow {
  id: number;
  productId: number;
  quantity: number;
  size: string;
  color: string;
  variantId: number | null;
  options: Record<string, string> | null;
  selectedImage: string | null;
  sessionId: string;
  name: string;
  sku: string;
  price: string;
  originalPrice: string | null;
  category: string;
  images: string[];
}

const lineNotFound = () => new AppError("NOT_FOUND", "Cart item not found");

function toCartItem(row: LineRow, refs: Map<string, ImageRef>, price: string): CartItem {
  return {
    id: row.id,
    productId: row.productId,
    quantity: row.quantity,
    size: row.size,
    color: row.color,
    variantId: row.variantId,
    options: row.options ?? {},
    selectedImage: row.selectedImage,
    sessionId: row.sessionId,
    product: {
      name: row.name,
      sku: row.sku,
      price,
      images: row.images.map((id) => refs.get(id)).filter((r): r is ImageRef => !!r),
    },
  };
}

async function serialize(db: Db, rows: LineRow[]): Promise<CartItem[]> {
  const refs = await findImageRefs(
    db,
    rows.flatMap((r) => r.images),
  );
  // The price the shopper pays: an automatic sale's, when one is live (modules/pricing).
  const priced = await salePricer(db);
  return rows.map((r) => toCartItem(r, refs, priced({ ...r, id: r.productId }).price));
}

async function readLines(db: Db, sessionId: string, lineId?: number): Promise<CartItem[]> {
  const where =
    lineId === undefined
      ? eq(cartItems.sessionId, sessionId)
      : and(eq(cartItems.sessionId, sessionId), eq(cartItems.id, lineId));
  const rows = await db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(where, gt(cartItems.createdAt, sql`now() - ${CART_LIFETIME}::interval`)))
    .orderBy(asc(cartItems.id));
  return serialize(db, rows);
}

/**
 * A cart line untouched this long is gone (its `created_at` is renewed at every change): carts
 * of browsers that never came back do not pile up forever.
 */
const CART_LIFETIME = "30 days";

async function sweepExpiredLines(db: Db): Promise<void> {
  await db.delete(cartItems).where(lt(cartItems.createdAt, sql`now() - ${CART_LIFETIME}::interval`));
}

export const listCart = (db: Db, sessionId: string) => readLines(db, sessionId);

/**
 * Adds a line after the spec's checks, merging with an identical line of the same session in
 * one statement (the unique line index), so two quick taps never make two lines.
 */
export async function addToCart(db: Db, input: AddToCartInput): Promise<CartItem> {
  const product = (await loadChoiceProducts(db, [input.productId])).get(input.productId);
  if (!product) throw new AppError("NOT_FOUND", "Product not found");
  const choice = checkChoice(product, input.size, input.color, input.variantId);
  if (!choice.ok)
    throw new AppError(choice.problem.kind === "stock" ? "CONFLICT" : "VALIDATION", choice.problem.message);
  if (product.trackStock) await checkUnitsLeft(db, product, choice, input);
  const selectedImage = await resolveSelectedImage(db, product, choice.color, input.selectedImage);
  await sweepExpiredLines(db); // first, so an expired line is never merged into

  const [line] = await db
    .insert(cartItems)
    .values({
      sessionId: input.sessionId,
      productId: product.id,
      quantity: input.quantity,
      size: choice.size,
      color: choice.color,
      variantId: choice.variant.id,
      selectedImage,
    })
    .onConflictDoUpdate({
      target: [cartItems.sessionId, cartItems.variantId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})`, createdAt: sql`now()` },
    })
    .returning({ id: cartItems.id });
  const [item] = await readLines(db, input.sessionId, line.id);
  return item;
}

/** Only the line's own session may change it; any other session is told it does not exist. */
export async function updateCartLine(db: Db, sessionId: string, lineId: number, quantity: number): Promise<CartItem> {
  await checkLineQuantity(db, sessionId, lineId, quantity);
  const updated = await db
    .update(cartItems)
    .set({ quantity, createdAt: sql`now()` })
    .where(and(eq(cartItems.id, lineId), eq(cartItems.sessionId, sessionId)))
    .returning({ id: cartItems.id });
  if (updated.length === 0) throw lineNotFound();
  const [item] = await readLines(db, sessionId, lineId);
  return item;
}

export async function removeCartLine(db: Db, sessionId: string, lineId: number): Promise<void> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.sessionId, sessionId)))
    .returning({ id: cartItems.id });
  if (deleted.length === 0) throw lineNotFound();
}
