import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { catalogueNow, onSaleSql } from "../catalogue/index.js";
import { oldHandles, products } from "../../db/schema.js";
import { badRequest } from "../../lib/app-error.js";

/** A handle another product has: refused with a message on the field. */
export const handleTaken = (handle: string) => {
  const message = `The handle "${handle}" is already used by another product; choose another`;
  return badRequest(message, { handle: message });
};

/** True when no other product has this handle now. */
async function isFree(db: Db, handle: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.handle, handle), exceptId === null ? undefined : ne(products.id, exceptId)))
    .limit(1);
  return !row;
}

/**
 * The handle a product is saved with: the one given (refused when another product has it), else
 * on create the one the database's own rule makes from the name (`free_product_handle`, migration
 * 0031, which the insert trigger also uses): the name's handle, numbered -2, -3 … when taken.
 */
export async function chooseHandle(
  db: Db,
  given: string | undefined,
  name: string,
  id: number | null,
): Promise<string> {
  if (given) {
    if (!(await isFree(db, given, id))) throw handleTaken(given);
    return given;
  }
  return freeHandle(db, name, id);
}

/** The handle the name makes, numbered past those other products have (the insert trigger's rule). */
export async function freeHandle(db: Db, name: string, exceptId: number | null): Promise<string> {
  const [row] = await queryRows<{ handle: string }>(
    db,
    sql`select free_product_handle(${name}, ${exceptId}::integer) as handle`,
  );
  return row.handle;
}

/**
 * After a save (in its transaction): a renamed product's old handle keeps answering with a 301,
 * and a handle now in use is no longer another product's old one.
 */
export async function recordHandleChange(db: Db, id: number, before: string | null, after: string): Promise<void> {
  await db.delete(oldHandles).where(and(eq(oldHandles.kind, "product"), eq(oldHandles.handle, after)));
  if (before === null || before === after) return;
  await db
    .insert(oldHandles)
    .values({ kind: "product", handle: before, targetId: id })
    .onConflictDoUpdate({
      target: [oldHandles.kind, oldHandles.handle],
      set: { targetId: id, createdAt: sql`now()` },
    });
}

/**
 * The current handle of the product an old handle points to, or null: also when that product is
 * not on sale (a draft's page is 404 at its old handle too, and its new handle is not told).
 */
export async function movedProductHandle(db: Db, handle: string): Promise<string | null> {
  const [row] = await db
    .select({ handle: products.handle })
    .from(oldHandles)
    .innerJoin(products, eq(products.id, oldHandles.targetId))
    .where(and(eq(oldHandles.kind, "product"), eq(oldHandles.handle, handle), onSaleSql(catalogueNow(db))));
  return row?.handle ?? null;
}

/** The handle of the product on sale that has `handle` now, or had it before a rename; else null. */
export async function currentProductHandle(db: Db, handle: string): Promise<string | null> {
  const [own] = await db
    .select({ handle: products.handle })
    .from(products)
    .where(and(eq(products.handle, handle), onSaleSql(catalogueNow(db))));
  return own?.handle ?? movedProductHandle(db, handle);
}
