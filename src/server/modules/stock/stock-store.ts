import { and, eq, inArray, sql } from "drizzle-orm";
import { stockGrid, type VariantStock } from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { cartItems, products, productStock } from "../../db/schema.js";

/** Quantities of the given products, by product id, in the order the grid shows them. */
export async function loadStock(db: Db, productIds: number[]): Promise<Map<number, VariantStock[]>> {
  const byProduct = new Map<number, VariantStock[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productStock)
    .where(inArray(productStock.productId, [...new Set(productIds)]));
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push({ size: r.size, color: r.color, quantity: r.quantity });
    byProduct.set(r.productId, list);
  }
  return byProduct;
}

/**
 * Stores what the admin grid says (absolute counts of what is on the shelf): every size × colour
 * the product offers, missing ones at 0; null stops tracking and forgets the counts. Called with
 * the product's own update, in one transaction.
 */
type Writer = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function saveStock(
  db: Writer,
  productId: number,
  sizes: string[],
  colors: string[],
  given: VariantStock[] | null,
): Promise<void> {
  await db.delete(productStock).where(eq(productStock.productId, productId));
  await db
    .update(products)
    .set({ trackStock: given !== null })
    .where(eq(products.id, productId));
  if (given === null) return;
  await db.insert(productStock).values(stockGrid(sizes, colors, given).map((s) => ({ productId, ...s })));
}

/** Units of one variant left for a shopper adding `adding` more to the cart (their own line counted). */
export async function unitsLeftFor(
  db: Db,
  productId: number,
  size: string,
  color: string,
  sessionId: string,
): Promise<{ left: number; inCart: number }> {
  const [row] = await db
    .select({
      left: sql<number>`coalesce((select ${productStock.quantity} from ${productStock}
        where ${productStock.productId} = ${productId} and ${productStock.size} = ${size}
          and ${productStock.color} = ${color}), 0)::int`,
      inCart: sql<number>`coalesce((select ${cartItems.quantity} from ${cartItems}
        where ${and(
          eq(cartItems.sessionId, sessionId),
          eq(cartItems.productId, productId),
          eq(cartItems.size, size),
          eq(cartItems.color, color),
        )}), 0)::int`,
    })
    .from(sql`(select 1) as one`);
  return { left: Number(row.left), inCart: Number(row.inCart) };
}
