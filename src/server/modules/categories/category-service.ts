import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Category, CategoryInput } from "@shared/schemas/categories.js";
import { slugify } from "@shared/rules/labels.js";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { categories, oldHandles, products } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/app-error.js";

type CategoryRow = typeof categories.$inferSelect;

const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  // A collection's handle is its slug: one unique address, /collections/{handle} (decision 039).
  handle: row.slug,
  description: row.description,
});

/** The slug a category leaves keeps answering with a 301; the slug it takes is nobody's old one. */
async function recordSlugChange(db: Db, id: number, before: string | null, after: string): Promise<void> {
  await db.delete(oldHandles).where(and(eq(oldHandles.kind, "collection"), eq(oldHandles.handle, after)));
  if (before === null || before === after) return;
  await db
    .insert(oldHandles)
    .values({ kind: "collection", handle: before, targetId: id })
    .onConflictDoUpdate({ target: [oldHandles.kind, oldHandles.handle], set: { targetId: id } });
}

const duplicateSlug = (slug: string) => conflict(`A category with the slug "${slug}" already exists`);

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.id));
  return rows.map(toCategory);
}

/** The category a product names, by slug or (case-insensitively) by name; null when none. */
export async function findCategoryFor(db: Db, nameOrSlug: string): Promise<Category | null> {
  const [row] = await db
    .select()
    .from(categories)
    .where(
      sql`${categories.slug} = ${slugify(nameOrSlug)} or lower(${categories.name}) = ${nameOrSlug.trim().toLowerCase()}`,
    )
    .orderBy(asc(categories.id))
    .limit(1);
  return row ? toCategory(row) : null;
}

export async function createCategory(db: Db, input: CategoryInput): Promise<Category> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ name: input.name, slug: input.slug, description: input.description })
        .returning();
      await recordSlugChange(tx, row.id, null, row.slug);
      return toCategory(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateSlug(input.slug);
    throw err;
  }
}

/** Renaming a slug moves the category's products with it, in the same transaction. */
export async function updateCategory(db: Db, id: number, input: CategoryInput): Promise<Category> {
  try {
    return await db.transaction(async (tx) => {
      const [old] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!old) throw notFound("Category");
      const [row] = await tx
        .update(categories)
        .set({ name: input.name, slug: input.slug, description: input.description })
        .where(eq(categories.id, id))
        .returning();
      if (old.slug !== input.slug) {
        await tx
          .update(products)
          .set({ category: input.slug, updatedAt: sql`now()` })
          .where(eq(products.category, old.slug));
        await recordSlugChange(tx, id, old.slug, input.slug);
      }
      return toCategory(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateSlug(input.slug);
    throw err;
  }
}

/** A category that products still use is kept: deleting it would orphan them. */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!row) throw notFound("Category");
    const [{ used }] = await tx.select({ used: count() }).from(products).where(eq(products.category, row.slug));
    if (used > 0) {
      throw conflict(
        `${used} ${used === 1 ? "product still uses" : "products still use"} this category; move or delete them first`,
      );
    }
    await tx.delete(categories).where(eq(categories.id, id));
  });
}
