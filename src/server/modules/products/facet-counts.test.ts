import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { products } from "../../db/schema.js";
import { insertProduct } from "../../test/factory.js";
import { createTestDatabase } from "../../test/test-db.js";

/**
 * The facet roll-up (migration 0032, decision 051) against the products it counts: whatever writes
 * products, in whatever shape of statement, the roll-up's rows netted over their slots are the
 * products grouped by the same key. On PostgreSQL the concurrent writers really run at once.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());
beforeEach(async () => {
  await db.delete(products);
});

const KEY = sql`facet_tokens::text as tokens, category, price::text as price, status, publish_at::text as publish_at`;

/** The roll-up as readers see it: every key's count summed over its slots, keys of 0 left out. */
const counted = (database: Db = db) =>
  queryRows<Record<string, string>>(
    database,
    sql`select ${KEY}, sum(n)::int as n from product_facet_counts
        group by facet_tokens, category, price, status, publish_at having sum(n) <> 0 order by 1, 2, 3, 4, 5`,
  );

/** The same counted from the products themselves. */
const recounted = (database: Db = db) =>
  queryRows<Record<string, string>>(
    database,
    sql`select facet_tokens::text as tokens, category, price::text as price, status,
               facet_publish_at(status, publish_at)::text as publish_at, count(*)::int as n
        from products group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
  );

const seedMany = (count: number) =>
  db.execute(sql`
    insert into products (name, price, category, attributes, status, publish_at)
    select 'Suit ' || g, 2000 + (g % 3) * 500, (array['casual', 'formal'])[1 + g % 2],
           jsonb_build_object('Fabric', jsonb_build_array((array['Lawn', 'Silk', 'Khaddar'])[1 + g % 3])),
           (array['active', 'active', 'draft', 'archived'])[1 + g % 4],
           case when g % 8 = 2 then timestamptz '2026-12-01T10:00:00Z' + (g || ' minutes')::interval end
    from generate_series(1, ${count}) g`);

describe("the facet roll-up kept by the products' triggers", () => {
  it("counts a many-row insert, updates of every counted column, deletes and a truncate as a recount does", async () => {
    await seedMany(200);
    expect(await counted()).toEqual(await recounted());
    expect((await counted()).length).toBeLessThan(50);

    await db.execute(sql`update products set price = price + 100 where id % 5 = 0`);
    await db.execute(sql`update products set category = 'formal' where id % 7 = 0`);
    await db.execute(sql`update products set attributes = '{"Fabric": ["Silk"]}'::jsonb where id % 3 = 0`);
    await db.execute(
      sql`update products set options = '[{"name": "Size", "values": ["S", "M"]}]'::jsonb where id % 4 = 1`,
    );
    await db.execute(sql`update products set status = 'active' where status = 'draft' and id % 2 = 0`);
    await db.execute(sql`update products set publish_at = now() where status = 'draft'`);
    await db.execute(sql`update products set status = 'archived', price = 999 where id % 11 = 0`);
    expect(await counted()).toEqual(await recounted());

    await db.execute(sql`delete from products where id % 6 = 0`);
    expect(await counted()).toEqual(await recounted());

    await insertProduct(db, { category: "casual", price: "2500.50" });
    expect(await counted()).toEqual(await recounted());

    await db.execute(sql`truncate products cascade`);
    expect(await counted()).toEqual([]);
  });

  it("leaves no row of a key the products have left, and writes nothing for a change it does not count", async () => {
    await seedMany(40);
    await db.execute(sql`update products set price = 12345`);
    const rows = await queryRows<{ n: number }>(db, sql`select n from product_facet_counts where n = 0`);
    expect(rows).toEqual([]);

    const before = await queryRows<{ v: string }>(
      db,
      sql`select ctid::text || xmin::text as v from product_facet_counts order by 1`,
    );
    await db.execute(sql`update products set name = name || ' (new)', in_stock = not in_stock, updated_at = now()`);
    const after = await queryRows<{ v: string }>(
      db,
      sql`select ctid::text || xmin::text as v from product_facet_counts order by 1`,
    );
    expect(after).toEqual(before);
  });

  it("keeps the launch time of drafts only, so launched and active products share one row", async () => {
    await insertProduct(db, { category: "casual", attributes: { Fabric: ["Lawn"] }, sizes: [], colors: [] });
    const draft = await insertProduct(db, {
      category: "casual",
      attributes: { Fabric: ["Lawn"] },
      sizes: [],
      colors: [],
      status: "draft",
      publishAt: "2026-12-01T10:00:00Z",
    });
    expect(await counted()).toHaveLength(2);
    await db.execute(sql`update products set status = 'active' where id = ${draft.id}`);
    expect(await counted()).toEqual([expect.objectContaining({ status: "active", publish_at: null, n: 2 })]);
  });

  it("stays exact under writers at once, each moving its own products between rows the others move theirs to", async () => {
    await seedMany(300);
    // One statement at a time: within one, the rows are added to in key order, so writers that
    // share rows (the same slot) wait for each other rather than deadlock.
    await Promise.all(
      Array.from({ length: 12 }, async (_, w) => {
        for (let step = 0; step < 4; step++)
          await db.execute(
            sql`update products set price = ${2000 + ((w + step) % 3) * 500}, category = ${step % 2 ? "casual" : "formal"},
                       attributes = jsonb_build_object('Fabric', jsonb_build_array(${["Lawn", "Silk"][(w + step) % 2]}::text))
                where id % 12 = ${w}`,
          );
      }),
    );
    expect(await counted()).toEqual(await recounted());
  });

  it("is recounted by product_facet_counts_rebuild() alike", async () => {
    await seedMany(60);
    await db.execute(sql`update products set price = price + 1 where id % 2 = 0`);
    const kept = await counted();
    await db.execute(sql`select product_facet_counts_rebuild()`);
    expect(await counted()).toEqual(kept);
    expect(await queryRows(db, sql`select 1 from product_facet_counts where slot <> 0`)).toEqual([]);
  });
});
