import { Readable } from "node:stream";
import { createHash } from "node:crypto";
import { and, asc, gt, sql } from "drizzle-orm";
import { productPath } from "@shared/catalogue/handles.js";
import { catalogueNow, onSaleSql } from "../catalogue/index.js";
import { metaVariantId } from "@shared/rules/meta-ads.js";
import type { Product } from "@shared/schemas/products.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { products } from "../../db/schema.js";
import { saleBookOf } from "../pricing/index.js";
import { toProducts } from "../products/index.js";

/** Products read and written per step: the feed holds this many at a time, whatever the catalogue's size. */
const BATCH = 250;
/** Google's limits for `title` and `description` (Meta's are the same or larger). */
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;

const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 cannot hold at all (control characters pasted into a description).
    // eslint-disable-next-line no-control-regex -- matching them is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

const tag = (name: string, value: string | undefined) =>
  value === undefined || value === "" ? "" : `<g:${name}>${escapeXml(value)}</g:${name}>`;

const feedPrice = (rupees: number) => `${rupees.toFixed(2)} PKR`;

/**
 * What a variant costs in the feed, from the prices the shopper sees (modules/pricing's sale book,
 * applied by `toProducts`): `g:price` is the regular price (the product's own original price when
 * it is higher), `g:sale_price` what the shopper pays when that is less.
 */
export function feedPrices(p: Pick<Product, "price" | "originalPrice">): { price: string; salePrice?: string } {
  const pays = Number(p.price);
  const regular = Math.max(pays, p.originalPrice === null ? 0 : Number(p.originalPrice));
  return pays < regular ? { price: feedPrice(regular), salePrice: feedPrice(pays) } : { price: feedPrice(pays) };
}

/** Whether one size × colour can be bought now: the product, its colour and (when counted) its units. */
function available(p: Product, size: string, color: string): boolean {
  if (p.inStock !== 1) return false;
  if (color && p.colorVariantStock[color] === false) return false;
  if (!p.variantStock) return true;
  return p.variantStock.some((v) => v.size === size && v.color === color && v.quantity > 0);
}

/** One `item` per size × colour the product offers (a product without sizes or colours is one item). */
export function feedItems(p: Product, origin: string, brand: string): string {
  const sizes = p.sizes.length > 0 ? p.sizes : [""];
  const colors = p.colors.length > 0 ? p.colors : [""];
  const { price, salePrice } = feedPrices(p);
  const title = p.name.slice(0, TITLE_MAX);
  const description = (p.description.trim() || p.name).slice(0, DESCRIPTION_MAX);
  const link = `${origin}${productPath(p)}`;
  let out = "";
  for (const color of colors) {
    const pictures = (color && p.colorVariantImages[color]?.length ? p.colorVariantImages[color] : p.images).map(
      (i) => `${origin}${i.url}`,
    );
    for (const size of sizes)
      out +=
        "<item>" +
        tag("id", metaVariantId(p.id, size, color)) +
        tag("item_group_id", String(p.id)) +
        tag("title", title) +
        tag("description", description) +
        tag("link", link) +
        tag("image_link", pictures[0]) +
        pictures
          .slice(1, 11)
          .map((url) => tag("additional_image_link", url))
          .join("") +
        tag("price", price) +
        tag("sale_price", salePrice) +
        tag("availability", available(p, size, color) ? "in stock" : "out of stock") +
        tag("condition", "new") +
        tag("brand", brand) +
        tag("product_type", p.category) +
        tag("gender", "female") +
        tag("age_group", "adult") +
        tag("size", size) +
        tag("color", color) +
        tag("identifier_exists", "no") +
        "</item>\n";
  }
  return out;
}

async function* feedParts(db: Db, origin: string, brand: string): AsyncGenerator<string> {
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
    `<title>${escapeXml(brand)}</title>\n<link>${escapeXml(origin)}/</link>\n` +
    `<description>${escapeXml(`${brand}: every product, one item per size and colour`)}</description>\n`
  );
  let after = 0;
  for (;;) {
    // Only products on sale are advertised: no draft or archived one (decision 039).
    const rows = await db
      .select()
      .from(products)
      .where(and(gt(products.id, after), onSaleSql(catalogueNow(db))))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const batch = await toProducts(db, rows);
    yield batch.map((p) => feedItems(p, origin, brand)).join("");
    after = rows[rows.length - 1].id;
    if (rows.length < BATCH) break;
  }
  yield "</channel>\n</rss>\n";
}

/** The feed as a stream: read and written a batch of products at a time, as the client reads it. */
export function productFeed(db: Db, origin: string, brand: string): Readable {
  return Readable.from(feedParts(db, origin, brand), { objectMode: false });
}

/**
 * The feed's ETag without writing the feed: what it is made of (the products and their last
 * change, which variants have units, the live sales, the origin and the brand), hashed.
 */
export async function feedEtag(db: Db, origin: string, brand: string): Promise<string> {
  const [facts] = await queryRows<{ n: number | string; changed: string | null; top: number | string; stock: string }>(
    db,
    // `n` counts what is on sale now: a launch changes the feed at its time.
    sql`select count(*) filter (where ${onSaleSql(catalogueNow(db))}) as n, max(updated_at)::text as changed, coalesce(max(id), 0) as top,
          (select count(*) filter (where quantity > 0) || ':' ||
                  coalesce(sum(hashtext(product_id || '|' || size || '|' || color)) filter (where quantity > 0), 0)
           from product_stock) as stock
        from products`,
  );
  const sales = (await saleBookOf(db)?.live()) ?? [];
  const hash = createHash("sha1")
    .update(JSON.stringify([facts, sales, origin, brand]))
    .digest("base64url")
    .slice(0, 20);
  return `"feed-${hash}"`;
}
