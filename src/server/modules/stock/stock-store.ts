import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { VariantStock } from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { cartItems, products, productStock } from "../../db/schema.js";

/** A counted variant's units, with the variant (decision 038) and its size and colour as old clients name it. */
export type CountedStock = VariantStock & { variantId: number };

/** Quantities of the given products' variants, by product id, in the variants' order. */
export async function loadStock(db: Db, productIds: number[]): Promise<Map<number, CountedStock[]>> {
  const byProduct = new Map<number, CountedStock[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productStock)
    .where(inArray(productStock.productId, [...new Set(productIds)]))
    .orderBy(
      productStock.productId,
      sql`(select position from product_variants v where v.id = ${productStock.variantId})`,
    );
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push({ variantId: r.variantId, size: r.size, color: r.color, quantity: r.quantity });
    byProduct.set(r.productId, list);
  }
  return byProduct;
}

type Writer = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A variant's count as the admin sends it: by variant (its id or its position), or by size and colour (old clients). */
export interface GivenStock {
  variant: { id: number; size: string; color: string };
  quantity: number;
}

/**
 * Locks every counted variant of these products, in variant order as placement and the release
 * trigger lock them (decision 007). A transaction that writes a product row and its stock rows
 * (a save, an import, a deletion) calls this first: a sale also takes the stock rows before the
 * product row (its last unit moves the shown price, migration 0029), so the two never wait on
 * each other in a circle (decision 049). Counts read after it are the latest, and stay so until
 * the transaction ends.
 */
export async function lockProductStock(tx: Writer, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .select({ variantId: productStock.variantId })
    .from(productStock)
    .where(inArray(productStock.productId, [...new Set(productIds)]))
    .orderBy(asc(productStock.variantId))
    .for("update");
}

/**
 * Stores what the admin says (absolute counts of what is on the shelf): a count for every variant
 * of the product, missing ones at 0; null stops tracking and forgets the counts. A variant's row
 * is updated in place, not deleted and added again, so an order waiting for it reads the new
 * count rather than finding no row. Called with the product's own update, in one transaction,
 * after `lockProductStock`.
 */
export async function saveStock(db: Writer, productId: number, given: GivenStock[] | null): Promise<void> {
  const kept = (given ?? []).map((g) => g.variant.id);
  await db
    .delete(productStock)
    .where(
      and(eq(productStock.productId, productId), kept.length ? notInArray(productStock.variantId, kept) : undefined),
    );
  await db
    .update(products)
    .set({ trackStock: given !== null })
    .where(eq(products.id, productId));
  if (given === null || given.length === 0) return;
  await db
    .insert(productStock)
    .values(
      [...given]
        .sort((a, b) => a.variant.id - b.variant.id)
        .map((g) => ({
          productId,
          variantId: g.variant.id,
          size: g.variant.size,
          color: g.variant.color,
          quantity: g.quantity,
        })),
    )
    .onConflictDoUpdate({
      target: productStock.variantId,
      set: { size: sql`excluded.size`, color: sql`excluded.color`, quantity: sql`excluded.quantity` },
    });
}

/** Units of one variant left for a shopper adding more to the cart (their own line counted). */
export async function unitsLeftFor(
  db: Db,
  variantId: number,
  sessionId: string,
): Promise<{ left: number; inCart: number }> {
  const [row] = await db
    .select({
      left: sql<number>`coalesce((select ${productStock.quantity} from ${productStock}
        where ${productStock.variantId} = ${variantId}), 0)::int`,
      inCart: sql<number>`coalesce((select ${cartItems.quantity} from ${cartItems}
        where ${and(eq(cartItems.sessionId, sessionId), eq(cartItems.variantId, variantId))}), 0)::int`,
    })
    .from(sql`(select 1) as one`);
  return { left: Number(row.left), inCart: Number(row.inCart) };
}
