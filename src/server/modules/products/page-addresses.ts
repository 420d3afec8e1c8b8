import { and, eq } from "drizzle-orm";
import { collectionPath, productPath } from "@shared/catalogue/handles.js";
import type { Db } from "../../db/client.js";
import { categories, oldHandles, products } from "../../db/schema.js";
import { catalogueNow, onSaleSql } from "../catalogue/index.js";
import { currentProductHandle, movedProductHandle } from "./product-handles.js";

const OLD_PRODUCT = /^\/product\/(\d{1,9})\/?$/;
const OLD_COLLECTION = /^\/collection\/([^/]{1,200})\/?$/;
const PRODUCT_PAGE = /^\/products\/([a-z0-9-]{1,80})$/;
const COLLECTION_PAGE = /^\/collections\/([a-z0-9-]{1,100})$/;
/** A product's or collection's page, however written (capitals, percent-escapes). */
const ANY_PAGE = /^\/(products|collections)\/([^/]{1,300})$/;

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part).toLowerCase();
  } catch {
    return null;
  }
};

/**
 * A product's or collection's page asked for with capitals (`/products/Lawn-Suit`, as a link typed
 * by hand or copied from a caption): which kind, and the lowercase handle asked for. Null for any
 * other address, and for one already in lowercase.
 */
function withCapitals(pathname: string): { kind: "products" | "collections"; handle: string } | null {
  const page = ANY_PAGE.exec(pathname);
  if (!page || page[2] === page[2].toLowerCase()) return null;
  let asked: string;
  try {
    asked = decodeURIComponent(page[2]);
  } catch {
    return null;
  }
  const handle = asked.toLowerCase();
  return handle === asked ? null : { kind: page[1] as "products" | "collections", handle };
}

/**
 * Addresses that may move before any rendering, known by their shape: those of before handles
 * (decision 039), `/product/{id}` and `/collection/{slug}`, and a page's address with capitals.
 */
export const movesBeforeRendering = (pathname: string) =>
  OLD_PRODUCT.test(pathname) || OLD_COLLECTION.test(pathname) || withCapitals(pathname) !== null;

/** The current slug of a collection by its slug now or an old one, or null. */
async function collectionNow(db: Db, slug: string): Promise<string | null> {
  const [current] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, slug));
  if (current) return current.slug;
  const [moved] = await db
    .select({ slug: categories.slug })
    .from(oldHandles)
    .innerJoin(categories, eq(categories.id, oldHandles.targetId))
    .where(and(eq(oldHandles.kind, "collection"), eq(oldHandles.handle, slug)));
  return moved?.slug ?? null;
}

/**
 * Where a page has moved, for a 301: an old address to the product's or collection's page, an
 * address with capitals to its lowercase one (decision 046), and an old handle (after a rename)
 * to the current one. Null when it has not moved (or the product is not on sale: a draft's handle
 * is never told to a shopper).
 */
export async function movedAddress(db: Db, pathname: string): Promise<string | null> {
  const oldProduct = OLD_PRODUCT.exec(pathname);
  if (oldProduct) {
    const [row] = await db
      .select({ handle: products.handle })
      .from(products)
      .where(and(eq(products.id, Number(oldProduct[1])), onSaleSql(catalogueNow(db))));
    return row ? productPath(row) : null;
  }
  const oldCollection = OLD_COLLECTION.exec(pathname);
  if (oldCollection) {
    const slug = decoded(oldCollection[1]);
    const now = slug === null ? null : await collectionNow(db, slug);
    return now === null ? null : collectionPath(now);
  }
  const capitals = withCapitals(pathname);
  if (capitals?.kind === "products") {
    const handle = await currentProductHandle(db, capitals.handle);
    return handle === null ? null : productPath({ handle });
  }
  if (capitals?.kind === "collections") {
    const now = await collectionNow(db, capitals.handle);
    return now === null ? null : collectionPath(now);
  }
  const renamedProduct = PRODUCT_PAGE.exec(pathname);
  if (renamedProduct) {
    const handle = await movedProductHandle(db, renamedProduct[1]);
    return handle === null ? null : productPath({ handle });
  }
  const renamedCollection = COLLECTION_PAGE.exec(pathname);
  if (renamedCollection) {
    const now = await collectionNow(db, renamedCollection[1]);
    return now === null || now === renamedCollection[1] ? null : collectionPath(now);
  }
  return null;
}
