import { sql } from "drizzle-orm";
import type { Database } from "../src/server/db/client.js";
import { seedDemoData } from "../src/server/db/demo/seed.js";
import { rows } from "./support.js";

/**
 * Issue 11's storefront catalogue: the demo store grown to `productCount` products in
 * `categoryCount` categories, every fourth added product without a picture (its name and price
 * are then the page's largest paint). The added products are older than the demo's, spread
 * round-robin over the categories; their pictures are the demo's own.
 */
export async function seedStorefrontCatalogue(
  database: Database,
  { productCount = 1000, categoryCount = 40 } = {},
): Promise<{ bareProductId: number; largestCategory: string }> {
  await seedDemoData(database.db);
  await database.db.execute(sql`
    insert into categories (name, slug, description)
    select 'Collection ' || g, 'collection-' || g, 'Pieces of collection ' || g
    from generate_series((select count(*) from categories) + 1, ${categoryCount}) g`);
  await database.db.execute(sql`
    with demo as (select p.*, row_number() over (order by p.id) - 1 as k from products p),
         shelf as (select slug, row_number() over (order by id) - 1 as k from categories)
    insert into products (name, sku, description, price, original_price, category, sizes, colors, in_stock,
                          featured, images, color_variant_images, color_variant_stock, created_at)
    select d.name || ' No. ' || g, d.sku || '-' || g, d.description, d.price + (g % 50) * 20, d.original_price,
           s.slug, d.sizes, d.colors, d.in_stock, false,
           case when g % 4 = 0 then '[]'::jsonb else d.images end,
           case when g % 4 = 0 then '{}'::jsonb else d.color_variant_images end,
           d.color_variant_stock, now() - interval '30 days' - (g || ' minutes')::interval
    from generate_series(1, ${productCount} - (select count(*) from products)) g
    join demo d on d.k = g % (select count(*) from demo)
    join shelf s on s.k = g % (select count(*) from shelf)`);
  const [bare] = await rows<{ id: number }>(
    database,
    sql`select id from products where images = '[]'::jsonb order by created_at desc limit 1`,
  );
  const [largest] = await rows<{ category: string }>(
    database,
    sql`select category from products group by category order by count(*) desc, category limit 1`,
  );
  return { bareProductId: bare.id, largestCategory: largest.category };
}
