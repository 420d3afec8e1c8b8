import { sql } from "drizzle-orm";
import { slugify } from "@shared/rules/labels.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import type { ImportedOption, ProductStatus } from "./catalogue-model.js";
import { handleFromName } from "./import-values.js";
import type { StoredProduct, StoredVariant } from "./stored-catalogue.js";

/**
 * The store's catalogue as the import reads and writes it: products by handle with their
 * variants, counted stock and pictures (decisions 038, 039, 040 for the columns).
 */
interface ProductRow {
  id: number;
  handle: string;
  name: string;
  description: string;
  category: string;
  attributes: Record<string, string[]> | null;
  status: ProductStatus;
  featured: boolean;
  options: ImportedOption[];
  images: string[];
}

interface VariantRow {
  id: number;
  product_id: number;
  options: Record<string, string>;
  sku: string | null;
  price: string;
  original_price: string | null;
  image_id: string | null;
  quantity: number | null;
  track_stock: boolean;
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const PRODUCT_COLUMNS = sql`p.id, p.handle, p.name, p.description, coalesce(c.name, p.category) as category,
  p.attributes, p.status, p.featured, p.options, p.images`;

async function withVariants(db: Db, rows: ProductRow[]): Promise<StoredProduct[]> {
  if (rows.length === 0) return [];
  const variants = await queryRows<VariantRow>(
    db,
    sql`select v.id, v.product_id, v.options, v.sku, v.price::text as price, v.original_price::text as original_price,
          v.image_id, s.quantity, p.track_stock
        from product_variants v join products p on p.id = v.product_id
        left join product_stock s on s.variant_id = v.id
        where v.product_id in (${list(rows.map((r) => r.id))})
        order by v.product_id, v.position, v.id`,
  );
  const byProduct = new Map<number, StoredVariant[]>(rows.map((r) => [r.id, []]));
  for (const v of variants)
    byProduct.get(Number(v.product_id))?.push({
      id: Number(v.id),
      options: v.options,
      sku: v.sku || null,
      price: v.price,
      compareAtPrice: v.original_price,
      stock: v.track_stock ? Number(v.quantity ?? 0) : null,
      imageId: v.image_id,
    });
  return rows.map((r) => ({
    id: Number(r.id),
    handle: r.handle,
    title: r.name,
    description: r.description,
    category: r.category,
    attributes: r.attributes ?? {},
    status: r.status,
    featured: r.featured,
    options: r.options,
    imageIds: r.images,
    variants: byProduct.get(r.id) ?? [],
  }));
}

/** The store's products with these handles, by handle. */
export async function loadStoredProducts(db: Db, handles: string[]): Promise<Map<string, StoredProduct>> {
  const found = new Map<string, StoredProduct>();
  for (let i = 0; i < handles.length; i += 500) {
    const rows = await queryRows<ProductRow>(
      db,
      sql`select ${PRODUCT_COLUMNS} from products p left join categories c on c.slug = p.category
          where p.handle in (${list(handles.slice(i, i + 500))})`,
    );
    for (const p of await withVariants(db, rows)) found.set(p.handle, p);
  }
  return found;
}

/** The handle of the product holding each of these SKUs (compared without regard to case). */
export async function skuOwners(db: Db, skus: string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  const lower = [...new Set(skus.map((s) => s.toLowerCase()))];
  for (let i = 0; i < lower.length; i += 1_000) {
    const rows = await queryRows<{ sku: string; handle: string }>(
      db,
      sql`select lower(v.sku) as sku, p.handle from product_variants v join products p on p.id = v.product_id
          where lower(v.sku) in (${list(lower.slice(i, i + 1_000))})`,
    );
    for (const r of rows) owners.set(r.sku, r.handle);
  }
  return owners;
}

/** Every product of the store, a page at a time in id order (for the export: never the whole catalogue in memory). */
export async function* allStoredProducts(db: Db, pageSize = 200): AsyncGenerator<StoredProduct> {
  let after = 0;
  for (;;) {
    const rows = await queryRows<ProductRow>(
      db,
      sql`select ${PRODUCT_COLUMNS} from products p left join categories c on c.slug = p.category
          where p.id > ${after} order by p.id limit ${pageSize}`,
    );
    if (rows.length === 0) return;
    yield* await withVariants(db, rows);
    after = Number(rows[rows.length - 1].id);
  }
}

/** The category of this name (by slug or name, as a product form names it), created when the store has none. */
export async function categorySlugFor(db: Db, name: string): Promise<string> {
  const [found] = await queryRows<{ slug: string }>(
    db,
    sql`select slug from categories where slug = ${slugify(name)} or lower(name) = ${name.trim().toLowerCase()}
        order by id limit 1`,
  );
  if (found) return found.slug;
  const [created] = await queryRows<{ slug: string }>(
    db,
    // A new category's slug is its collection's address: lowercase letters, digits and dashes.
    sql`insert into categories (name, slug) values (${name.trim()}, ${handleFromName(name)})
        on conflict (slug) do update set slug = excluded.slug returning slug`,
  );
  return created.slug;
}
