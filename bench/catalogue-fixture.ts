import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.js";
import { seedDemoData } from "../src/server/db/demo/seed.js";
import { rows } from "./support.js";

/** The demo catalogue, copied until it holds `count` products (the copies share the demo images). */
export async function seedCatalogue(database: Database, count = 200): Promise<void> {
  await seedDemoData(database.db);
  const [{ n }] = await rows<{ n: number }>(database, sql`select count(*)::int as n from products`);
  const have = Number(n);
  if (have === 0) throw new Error("the demo seed made no products");
  if (have >= count) return;
  await database.db.execute(sql`
    insert into products (name, sku, description, price, original_price, category, sizes, colors, in_stock, featured,
                          images, color_variant_images, color_variant_stock, created_at, options)
    select p.name || ' ' || g, p.sku || '-' || g, p.description, p.price, p.original_price, p.category, p.sizes, p.colors,
           p.in_stock, p.featured, p.images, p.color_variant_images, p.color_variant_stock, p.created_at - (g || ' hours')::interval,
           p.options
    from products p cross join generate_series(1, ${Math.ceil(count / have)}) g
    order by g, p.id
    limit ${count - have}`);
  // Each copy sells what its original sells (decision 038): the same variants, at the same prices.
  await database.db.execute(sql`
    insert into product_variants (product_id, position, options, size, color, price, original_price)
    select c.id, v.position, v.options, v.size, v.color, v.price, v.original_price
    from products c join products p on c.sku like p.sku || '-%' and c.name like p.name || ' %'
    join product_variants v on v.product_id = p.id
    where not exists (select 1 from product_variants w where w.product_id = c.id)
      and c.sku = p.sku || '-' || substring(c.name from length(p.name) + 2)`);
}
