import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "./rows.js";
import { insertOrder, insertProduct } from "../test/factory.js";
import { migrateUpTo } from "../test/migrate-up-to.js";
import { createTestDatabase } from "../test/test-db.js";

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

type Db = NonNullable<typeof database>["db"];

/** What the sales roll-up holds per product and category: the amounts no migration may change. */
const amounts = (db: Db) =>
  queryRows<{ product_id: number; category: string; lines: string; quantity: string; revenue: string }>(
    db,
    sql`select product_id, category, sum(lines)::text as lines, sum(quantity)::text as quantity,
               sum(revenue)::numeric(14, 2)::text as revenue
        from report_variant_sales group by 1, 2 order by 1, 2`,
  );

describe("migration 0029: the sales roll-up keyed by variant", () => {
  it("splits sizes and colours into the variants sold and keeps every amount, one the orders no longer explain included", async () => {
    database = await createTestDatabase({ migrated: false });
    await migrateUpTo(database, "0028_product_imports");
    const db = database.db;
    const lawn = await insertProduct(db, { name: "Lawn suit", category: "formal" });
    const dupatta = await insertProduct(db, { name: "Silk dupatta", category: "", sizes: [], colors: [] });
    await insertOrder(db, {
      status: "delivered",
      items: [
        {
          product: lawn,
          quantity: 2,
          price: 6490,
          size: "M",
          color: "Red",
          options: { Make: "Stitched", Size: "M", Color: "Red" },
        },
        {
          product: lawn,
          quantity: 1,
          price: 4990,
          size: "M",
          color: "Red",
          options: { Make: "Unstitched", Size: "M", Color: "Red" },
        },
        { product: lawn, quantity: 1, price: 2500, size: " S", color: "" },
        { product: dupatta, quantity: 3, price: 1500 },
      ],
    });
    await insertOrder(db, {
      status: "cancelled",
      items: [{ product: lawn, quantity: 9, price: 2500, size: "L", color: "Blue" }],
    });
    // Sales a roll-up may hold that no order line explains any more (a writer slot of its own).
    await db.execute(sql`insert into report_variant_sales (product_id, category, color, size, slot, lines, quantity, revenue)
                         values (${lawn.id}, 'formal', 'Blue', 'L', 3, 2, 5, 1000.50)`);
    const before = await amounts(db);
    expect(before.length).toBe(2);

    await database!.migrate();

    expect(await amounts(db)).toEqual(before);
    const rows = await queryRows<{
      product_id: number;
      options: Record<string, string>;
      lines: number;
      quantity: string;
      revenue: string;
    }>(
      db,
      sql`select product_id, options, sum(lines)::int as lines, sum(quantity)::text as quantity,
                 sum(revenue)::numeric(14, 2)::text as revenue
          from report_variant_sales group by 1, 2 order by product_id <> ${lawn.id}, sum(revenue)`,
    );
    expect(
      rows.map((r) => [
        r.product_id === lawn.id ? "lawn" : "dupatta",
        typeof r.options === "string" ? JSON.parse(r.options) : r.options,
        r.lines,
        r.quantity,
        r.revenue,
      ]),
    ).toEqual([
      ["lawn", { Size: "L", Color: "Blue" }, 2, "5", "1000.50"],
      ["lawn", { Size: "S" }, 1, "1", "2500.00"],
      ["lawn", { Make: "Unstitched", Size: "M", Color: "Red" }, 1, "1", "4990.00"],
      ["lawn", { Make: "Stitched", Size: "M", Color: "Red" }, 1, "2", "12980.00"],
      ["dupatta", {}, 1, "3", "4500.00"],
    ]);

    // The triggers write the new key from then on.
    await insertOrder(db, {
      status: "pending",
      items: [
        {
          product: lawn,
          quantity: 1,
          price: 6490,
          size: "M",
          color: "Red",
          options: { Make: "Stitched", Size: "M", Color: "Red" },
        },
      ],
    });
    const [stitched] = await queryRows<{ quantity: string }>(
      db,
      sql`select sum(quantity)::text as quantity from report_variant_sales
          where product_id = ${lawn.id} and options = '{"Make": "Stitched", "Size": "M", "Color": "Red"}'::jsonb`,
    );
    expect(stitched.quantity).toBe("3");
  });
});
