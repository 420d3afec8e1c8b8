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

/** A product's variants in the feed's order: by colour, then size, as before variants; then by position. */
function feedVariants(p: Product): NonNullable<Product["variants"]> {
  const variants = p.variants ?? [];
  const rank = (v: (typeof variants)[number]) =>
    p.colors.indexOf(v.options.Color ?? "") * 10_000 + p.sizes.indexOf(v.options.Size ?? "");
  return [...variants].sort((a, b) => rank(a) - rank(b));
}

/**
 * One `item` per variant the product sells (decision 038; a product without options is one
 * item): its own price, picture and availability. A variant's other options (Make, Pieces…) name
 * it in the title and the id; with only Size and Color, ids and titles are as before variants.
 */
export function feedItems(p: Product, origin: string, brand: string): string {
  const description = (p.description.trim() || p.name).slice(0, DESCRIPTION_MAX);
  const link = `${origin}${productPath(p)}`;
  const allPictures = [...p.images, ...Object.values(p.colorVariantImages).flat()];
  let out = "";
  for (const v of feedVariants(p)) {
    const size = v.options.Size ?? "";
    const color = v.options.Color ?? "";
    const others = (p.options ?? [])
      .filter((o) => o.name !== "Size" && o.name !== "Color")
      .map((o) => v.options[o.name] ?? "");
    const title = (others.length ? `${p.name}: ${others.join(" / ")}` : p.name).slice(0, TITLE_MAX);
    const own = v.imageId ? allPictures.filter((i) => i.id === v.imageId).slice(0, 1) : [];
    const pictures = [
      ...own,
      ...(color && p.colorVariantImages[color]?.length ? p.colorVariantImages[color] : p.images).filter(
        (i) => i.id !== v.imageId,
      ),
    ].map((i) => `${origin}${i.url}`);
    const { price, salePrice } = feedPrices(v);
    out +=
      "<item>" +
      tag("id", metaVariantId(p.id, [...others, size].join(" "), color)) +
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
      tag("availability", v.available ? "in stock" : "out of stock") +
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
