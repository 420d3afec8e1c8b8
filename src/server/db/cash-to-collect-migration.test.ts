import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "./rows.js";
import { insertOrder, insertProduct } from "../test/factory.js";
import { copyTables, migrateUpTo } from "../test/migrate-up-to.js";
import { createTestDatabase } from "../test/test-db.js";

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

/**
 * A database as a store on migration 0021 has it, with one order of each kind of cash to collect
 * (written with today's factory in a scratch database, then copied in the older columns).
 */
async function storeBefore0022() {
  database = await createTestDatabase({ migrated: false });
  await migrateUpTo(database, "0021_online_holds");
  const db = database.db;
  const scratch = await createTestDatabase();
  let older: string, advance: string, replacement: string;
  try {
    const product = await insertProduct(scratch.db, { name: "Printed Lawn" });
    const item = { product, quantity: 1, price: 5000 };
    older = await insertOrder(scratch.db, { items: [item] });
    advance = await insertOrder(scratch.db, { items: [item], total: 4800 });
    replacement = await insertOrder(scratch.db, { items: [item], total: 0 });
    await copyTables(scratch.db, db, ["products", "orders", "order_items"]);
  } finally {
    await scratch.drop();
  }
  // Placed before migration 0014: no amount stored, which meant the whole total.
  await db.execute(sql`update orders set cod_amount = null where id = ${older}::uuid`);
  // An advance of Rs. 1,000 paid on a Rs. 4,800 order.
  await db.execute(sql`update orders set advance_amount = 1000, advance_paid = 1000, advance_status = 'paid',
    cod_amount = 3800 where id = ${advance}::uuid`);
  // An exchange's replacement: nothing to collect.
  await db.execute(sql`update orders set subtotal = 0, cod_amount = 0 where id = ${replacement}::uuid`);
  return { db, older, advance, replacement };
}

const cashOf = async (db: NonNullable<typeof database>["db"], id: string) =>
  (await queryRows<{ cod: string }>(db, sql`select cod_amount::text as cod from orders where id = ${id}::uuid`))[0].cod;

describe("migration 0022: the cash to collect computed by the database", () => {
  it("keeps every order's amount, the older orders' whole total included, and is never null again", async () => {
    const { db, older, advance, replacement } = await storeBefore0022();
    await database!.migrate();
    expect(await cashOf(db, older)).toBe("5000.00");
    expect(await cashOf(db, advance)).toBe("3800.00");
    expect(await cashOf(db, replacement)).toBe("0.00");
    const [column] = await queryRows<{ is_nullable: string; is_generated: string }>(
      db,
      sql`select is_nullable, is_generated from information_schema.columns
        where table_name = 'orders' and column_name = 'cod_amount'`,
    );
    expect(column).toEqual({ is_nullable: "NO", is_generated: "ALWAYS" });
    // Paying more of the advance moves the cash to collect with it, written nowhere else.
    await db.execute(sql`update orders set advance_paid = 1800 where id = ${advance}::uuid`);
    expect(await cashOf(db, advance)).toBe("3000.00");
  });

  it("refuses to run, changing nothing and saying how to find them, when an order's amount would change", async () => {
    const { db, advance } = await storeBefore0022();
    await db.execute(sql`update orders set cod_amount = 4800 where id = ${advance}::uuid`);
    const refusal = await database!.migrate().then(
      () => null,
      (err: Error & { cause?: Error }) => err.cause ?? err,
    );
    expect(refusal?.message).toMatch(/1 orders have a cash to collect other than.*select id, total/s);
    expect(await cashOf(db, advance)).toBe("4800.00");
  });
});
