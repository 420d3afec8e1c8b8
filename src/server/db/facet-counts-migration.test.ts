import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "./rows.js";
import { insertProduct } from "../test/factory.js";
import { migrateUpTo } from "../test/migrate-up-to.js";
import { createTestDatabase } from "../test/test-db.js";

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

type Db = NonNullable<typeof database>["db"];

/** Per key of the roll-up: its count summed over the slots, and the products' own count. */
const both = (db: Db) =>
  queryRows<{ tokens: string; category: string; price: string; status: string; publish_at: string | null; n: number }>(
    db,
    sql`select facet_tokens::text as tokens, category, price::text as price, status, publish_at::text as publish_at,
               sum(n)::int as n
        from (select facet_tokens, category, price, status, publish_at, n from product_facet_counts
              union all
              select facet_tokens, category, price, status, facet_publish_at(status, publish_at), -1 from products) x
        group by 1, 2, 3, 4, 5 having sum(n) <> 0`,
  );

describe("migration 0032: the facet roll-up", () => {
  it("counts the products already there, drafts and archived ones included, and follows writes after it", async () => {
    database = await createTestDatabase({ migrated: false });
    await migrateUpTo(database, "0031_handles_always_found");
    const db = database.db;
    const lawn = { category: "casual", attributes: { Fabric: ["Lawn"] } };
    await insertProduct(db, { ...lawn, price: "2500.00" });
    await insertProduct(db, { ...lawn, price: "2500.00" });
    await insertProduct(db, { ...lawn, price: "2499.50", sizes: ["M"], colors: [] });
    await insertProduct(db, { ...lawn, status: "draft", publishAt: "2026-12-24T19:00:00Z" });
    await insertProduct(db, { ...lawn, status: "draft" });
    await insertProduct(db, { category: "formal", status: "archived", attributes: { Fabric: ["Silk"] } });

    await database.migrate();
    const rows = await queryRows<{ status: string; publish_at: string | null; n: number }>(
      db,
      sql`select status, to_char(publish_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as publish_at, sum(n)::int as n
          from product_facet_counts
          group by 1, 2 order by 1, 2`,
    );
    expect(rows).toEqual([
      { status: "active", publish_at: null, n: 3 },
      { status: "archived", publish_at: null, n: 1 },
      { status: "draft", publish_at: "2026-12-24T19:00Z", n: 1 },
      { status: "draft", publish_at: null, n: 1 },
    ]);
    expect(await both(db)).toEqual([]);
    // The two alike share one row.
    expect(await queryRows(db, sql`select 1 from product_facet_counts`)).toHaveLength(5);

    await insertProduct(db, { ...lawn, price: "2500.00" });
    await db.execute(sql`update products set status = 'active' where status = 'draft'`);
    expect(await both(db)).toEqual([]);
  });
});
