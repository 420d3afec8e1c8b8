/**
 * Product and collection addresses, and whether a product reaches shoppers (issue 40, decision
 * 039). One place for the rules the server, the pages and the admin form all follow.
 */

export const PRODUCT_STATUSES = ["active", "draft", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Lowercase letters and digits in runs joined by single dashes: "lawn-suit-3". */
export const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const HANDLE_MAX = 80;
export const HANDLE_MESSAGE = "A handle may hold only lowercase letters, digits and single dashes (like lawn-suit-3)";

/**
 * Letters and digits Unicode added after version 14, the version of PostgreSQL 15's `normalize()`:
 * U+A7F1, and the outlined A–Z and 0–9 of U+1CCD6–U+1CCF9. Both copies of the rule read them as a
 * sign, not a letter (decision 052). handles.test.ts compares every character Node decomposes with
 * the database's answer, so a newer Node or database that reads more fails there, not in a shop.
 */
const NEWER_THAN_THE_DATABASE = /[\uA7F1\u{1CCD6}-\u{1CCF9}]/gu;

/**
 * The handle a name makes: "Lawn Suit (3-pc)" → "lawn-suit-3-pc"; a name with no latin letters →
 * "product". The database has the same rule (`handle_from`, migrations 0031 and 0033) for rows
 * written without a handle, and numbers a taken one -2, -3 … (`free_product_handle`, which the API asks
 * too); handles.test.ts proves the two agree.
 */
export function handleFrom(name: string): string {
  const made = name
    .replace(NEWER_THAN_THE_DATABASE, " ")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, HANDLE_MAX)
    .replace(/^-+|-+$/g, "");
  return made || "product";
}

/** True when shoppers may see and buy the product at `now`: active, or a draft whose launch time has come. */
export function isOnSale(product: { status: ProductStatus; publishAt: string | null }, now: Date): boolean {
  if (product.status === "active") return true;
  return product.status === "draft" && product.publishAt !== null && new Date(product.publishAt) <= now;
}

/** The status shoppers and the admin see at `now` (a draft past its launch time is active). */
export function statusAt(product: { status: ProductStatus; publishAt: string | null }, now: Date): ProductStatus {
  return product.status === "draft" && isOnSale(product, now) ? "active" : product.status;
}

/** A product's page. */
export const productPath = (product: { handle: string }) => `/products/${product.handle}`;

/** A collection's page (its handle is the category's slug). */
export const collectionPath = (handle: string) => `/collections/${encodeURIComponent(handle)}`;
