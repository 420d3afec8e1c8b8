import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { combinations, optionsFromSizesAndColors } from "@shared/catalogue/variants.js";
import { queryRows } from "./rows.js";
import { seedDemoData } from "./demo/seed.js";
import { copyTables, migrateUpTo } from "../test/migrate-up-to.js";
import { createTestDatabase } from "../test/test-db.js";
import { ADMIN, startServerOn } from "../test/test-app.js";
import { upsertAdmin } from "../modules/auth/auth-service.js";

let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

type Db = NonNullable<typeof database>["db"];

/** The demo store's tables, parents first. */
const DEMO_TABLES = ["categories", "products", "orders", "order_items", "order_status_events", "reviews"];

/** The demo store as an older store has it, copied from today's seed. */
async function copyDemoStore(old: Db): Promise<void> {
  const scratch = await createTestDatabase();
  try {
    await seedDemoData(scratch.db, Date.parse("2026-11-01T12:00:00Z"));
    await copyTables(scratch.db, old, DEMO_TABLES);
  } finally {
    await scratch.drop();
  }
}

/**
 * The demo store as a shop on migration 0022 has it, plus what the demo lacks: a product without
 * sizes or colours, one with sizes only, counted stock, an order holding stock, and cart lines
 * (one of them for a size the product no longer sells).
 */
async function demoStoreBefore0023() {
  database = await createTestDatabase({ migrated: false });
  await migrateUpTo(database, "0022_cash_to_collect");
  const db = database.db;
  await copyDemoStore(db);
  const [plain] = await queryRows<{ id: number }>(
    db,
    sql`insert into products (name, price, category, sizes, colors) values ('Silk dupatta', 1990, 'casual', '{}', '{}') returning id`,
  );
  const [sized] = await queryRows<{ id: number }>(
    db,
    sql`insert into products (name, price, original_price, category, sizes, colors, track_stock)
        values ('Khaddar kurta', 3490, 4200, 'casual', '{S,M}', '{}', true) returning id`,
  );
  const [tracked] = await queryRows<{ id: number; sizes: string[]; colors: string[] }>(
    db,
    sql`update products set track_stock = true where id = (select min(id) from products where cardinality(sizes) > 1
          and cardinality(colors) > 1) returning id, sizes, colors`,
  );
  await db.execute(sql`insert into product_stock (product_id, size, color, quantity)
    select p.id, s, c, 4 from products p cross join unnest(p.sizes) s cross join unnest(p.colors) c where p.id = ${tracked.id}`);
  await db.execute(sql`insert into product_stock (product_id, size, color, quantity) values
    (${sized.id}, 'S', '', 2), (${sized.id}, 'M', '', 0)`);
  const [order] = await queryRows<{ id: string }>(db, sql`select id from orders order by created_at desc limit 1`);
  await db.execute(sql`insert into order_stock (order_id, product_id, size, color, quantity)
    values (${order.id}::uuid, ${tracked.id}, ${tracked.sizes[0]}, ${tracked.colors[0]}, 1)`);
  const session = "6f1c1a52-93a5-4f4b-9a49-4d6d1a6d0c11";
  await db.execute(sql`insert into cart_items (session_id, product_id, quantity, size, color) values
    (${session}::uuid, ${tracked.id}, 2, ${tracked.sizes[1]}, ${tracked.colors[1]}),
    (${session}::uuid, ${plain.id}, 1, '', ''),
    (${session}::uuid, ${sized.id}, 1, 'XXL', '')`);
  return { db, plain: plain.id, sized: sized.id, tracked: tracked.id, order: order.id };
}

const money = (db: Db) =>
  queryRows<{ id: string; subtotal: string; total: string; cod_amount: string; items: unknown }>(
    db,
    sql`select o.id, o.subtotal::text, o.total::text, o.cod_amount::text,
          (select json_agg(json_build_object('price', i.price::text, 'quantity', i.quantity, 'size', i.size,
             'color', i.color) order by i.id) from order_items i where i.order_id = o.id) as items
        from orders o order by o.id`,
  );

describe("migration 0023: options and variants", () => {
  it("gives every product one variant per size × colour at its own price, with options Size and Color", async () => {
    const { db, plain, sized } = await demoStoreBefore0023();
    const before = await queryRows<{ id: number; sizes: string[]; colors: string[]; price: string; op: string | null }>(
      db,
      sql`select id, sizes, colors, price::text as price, original_price::text as op from products order by id`,
    );
    expect(before.length).toBeGreaterThan(10);
    await database!.migrate();

    const after = await queryRows<{ id: number; options: unknown; price: string; sizes: string[]; colors: string[] }>(
      db,
      sql`select id, options, price::text as price, sizes, colors from products order by id`,
    );
    const variants = await queryRows<{
      product_id: number;
      position: number;
      options: Record<string, string>;
      size: string;
      color: string;
      price: string;
      op: string | null;
      sku: string | null;
    }>(
      db,
      sql`select product_id, position, options, size, color, price::text as price, original_price::text as op, sku
          from product_variants order by product_id, position`,
    );
    for (const p of before) {
      const options = optionsFromSizesAndColors(p.sizes, p.colors);
      const row = after.find((a) => a.id === p.id)!;
      expect(row.options).toEqual(options);
      expect([row.price, row.sizes, row.colors]).toEqual([p.price, p.sizes, p.colors]);
      const own = variants.filter((v) => v.product_id === p.id);
      expect(own.map((v) => v.options)).toEqual(combinations(options));
      expect(own.map((v) => v.position)).toEqual(own.map((_, i) => i));
      for (const v of own) {
        expect(v).toMatchObject({ price: p.price, op: p.op, sku: null });
        expect([v.size, v.color]).toEqual([v.options.Size ?? "", v.options.Color ?? ""]);
      }
    }
    expect(variants.filter((v) => v.product_id === plain)).toMatchObject([{ options: {}, size: "", color: "" }]);
    expect(variants.filter((v) => v.product_id === sized).map((v) => v.options)).toEqual([
      { Size: "S" },
      { Size: "M" },
    ]);
  });

  it("points stock rows, an order's held stock and cart lines at their variant, keeping their quantities", async () => {
    const { db, sized, tracked, order } = await demoStoreBefore0023();
    await database!.migrate();
    const stock = await queryRows<{ product_id: number; quantity: number; same: boolean }>(
      db,
      sql`select s.product_id, s.quantity, v.product_id = s.product_id and v.size = s.size and v.color = s.color as same
          from product_stock s left join product_variants v on v.id = s.variant_id order by s.product_id, s.size, s.color`,
    );
    expect(stock.every((s) => s.same)).toBe(true);
    expect(stock.filter((s) => s.product_id === sized).map((s) => s.quantity)).toEqual([0, 2]);
    expect(stock.filter((s) => s.product_id === tracked).every((s) => s.quantity === 4)).toBe(true);
    const [held] = await queryRows<{ same: boolean; quantity: number; held: boolean }>(
      db,
      sql`select v.size = h.size and v.color = h.color and v.product_id = h.product_id as same, h.quantity, h.held
          from order_stock h join product_variants v on v.id = h.variant_id where h.order_id = ${order}::uuid`,
    );
    expect(held).toEqual({ same: true, quantity: 1, held: true });
    const lines = await queryRows<{ product_id: number; quantity: number; variant_options: unknown }>(
      db,
      sql`select c.product_id, c.quantity, v.options as variant_options
          from cart_items c left join product_variants v on v.id = c.variant_id order by c.id`,
    );
    expect(lines.map((l) => l.quantity)).toEqual([2, 1, 1]);
    expect(lines[1].variant_options).toEqual({});
    // A size no longer sold has no variant: the line stays, and placement refuses it by name.
    expect(lines[2].variant_options).toBeNull();
  });

  it("keeps every order's amounts and gives its lines the options their size and colour stood for", async () => {
    const { db } = await demoStoreBefore0023();
    const before = await money(db);
    expect(before.length).toBeGreaterThan(10);
    await database!.migrate();
    expect(await money(db)).toEqual(before);
    const items = await queryRows<{ size: string; color: string; options: Record<string, string>; matches: boolean }>(
      db,
      sql`select i.size, i.color, i.options,
            v.id is not null and v.product_id = i.product_id and v.size = i.size and v.color = i.color as matches
          from order_items i left join product_variants v on v.id = i.variant_id`,
    );
    for (const item of items) {
      const expected: Record<string, string> = {};
      if (item.size) expected.Size = item.size;
      if (item.color) expected.Color = item.color;
      expect(item.options).toEqual(expected);
    }
    expect(items.filter((i) => i.matches).length).toBeGreaterThan(items.length / 2);
  });

  it("answers an order placed before the migration with the same amounts and lines, now with their options", async () => {
    const { db, order } = await demoStoreBefore0023();
    const [before] = (await money(db)).filter((o) => o.id === order);
    await database!.migrate();
    await upsertAdmin(db, ADMIN.username, ADMIN.password);
    const app = await startServerOn(database!);
    try {
      const login = await app.inject({ method: "POST", url: "/api/admin/login", payload: ADMIN });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
      const res = await app.inject({ url: `/api/orders/${order}`, headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const read = res.json();
      expect([read.subtotal, read.total, read.codAmount]).toEqual([before.subtotal, before.total, before.cod_amount]);
      const lines = before.items as { price: string; quantity: number; size: string; color: string }[];
      expect(read.items).toHaveLength(lines.length);
      read.items.forEach((item: { price: number; quantity: number; options: Record<string, string> }, i: number) => {
        expect([item.price, item.quantity]).toEqual([Number(lines[i].price), lines[i].quantity]);
        expect(item.options).toEqual({
          ...(lines[i].size ? { Size: lines[i].size } : {}),
          ...(lines[i].color ? { Color: lines[i].color } : {}),
        });
      });
    } finally {
      await app.close();
    }
  });
});
