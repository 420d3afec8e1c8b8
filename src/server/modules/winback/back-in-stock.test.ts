import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { ManualClock } from "../../jobs/clock.js";
import { insertProduct, mobileNumber, placeOrder, trackStock } from "../../test/factory.js";
import { FakeCloudApi } from "../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../test/fakes/whatsapp-config.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// CONTRACT.md part four, "Back in stock, on WhatsApp": whatever path gives a sold-out variant units
// again raises the alert (the database decides, where the count changes); at most
// back_in_stock_per_unit phones per unit, oldest first, the variant checked before each send.
const fake = new FakeCloudApi();
const clock = new ManualClock();
let t: TestContext;
let seq = 0;
const phone = () => mobileNumber(++seq, "0345");
const digits = (p: string) => "92" + p.slice(1);
const hours = (n: number) => n * 60 * 60_000;

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({
    whatsapp: testWhatsappConfig(fake.url, { requestTimeoutMs: 10_000, publicUrl: "https://shop.example" }),
    clock,
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(() => {
  fake.beforeAnswer = null;
});

/** One variant per size × colour, as the catalogue keeps them (migration 0023). */
async function variantsOf(db: Db, product: { id: number; sizes: string[]; colors: string[]; price: string }) {
  await db.execute(sql`
    insert into product_variants (product_id, position, options, size, color, price)
    select ${product.id}, (row_number() over ())::int - 1,
      jsonb_build_object('Size', s, 'Color', c), s, c, ${product.price}::numeric
    from unnest(${`{${product.sizes.join(",")}}`}::text[]) s, unnest(${`{${product.colors.join(",")}}`}::text[]) c
    on conflict do nothing`);
  const rows = rowsOf<{ id: number; size: string; color: string }>(
    await db.execute(sql`select id, size, color from product_variants where product_id = ${product.id}`),
  );
  return (size: string, color: string) => rows.find((r) => r.size === size && r.color === color)!.id;
}

/** A product counting its stock with `quantity` of M / Red (and none of the rest). */
async function stocked(quantity: number) {
  const product = await insertProduct(t.db, { sizes: ["M", "L"], colors: ["Red"] });
  const variant = await variantsOf(t.db, product);
  await trackStock(t.db, product, [{ size: "M", color: "Red", quantity }]);
  return { product, mRed: variant("M", "Red"), lRed: variant("L", "Red") };
}
const subscribe = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/back-in-stock", payload: { consent: true, ...payload } });
const alerts = (product: { handle: string }) =>
  fake.received.filter(
    (m) => m.body.template?.name === "back_in_stock" && JSON.stringify(m.body).includes(`/products/${product.handle}?`),
  );
const setStatus = (id: string, status: string) =>
  t.app.inject({ method: "PATCH", url: `/api/orders/${id}`, payload: { status }, headers: { cookie: t.adminCookie } });
const setQuantity = (productId: number, quantity: number) =>
  t.db.execute(sql`update product_stock set quantity = ${quantity} where product_id = ${productId} and size = 'M'`);

describe("POST /api/back-in-stock", () => {
  it("keeps a sold-out variant's request once, by variantId or by size and colour, and refuses what it must", async () => {
    const { product, mRed, lRed } = await stocked(0);
    const me = phone();
    expect((await subscribe({ productId: product.id, variantId: mRed, phone: me })).statusCode).toBe(201);
    const again = await subscribe({ productId: product.id, size: "M", color: "Red", phone: me });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ subscribed: true, variantId: mRed });

    const noConsent = await subscribe({ productId: product.id, variantId: lRed, phone: me, consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().error).toMatch(/Tick the box/);
    const landline = await subscribe({ productId: product.id, variantId: lRed, phone: "021 34567890" });
    expect(landline.statusCode).toBe(400);
    expect(landline.json().error).toMatch(/Pakistani mobile/);
    expect((await subscribe({ productId: product.id, size: "XL", color: "Red", phone: me })).statusCode).toBe(404);

    await setQuantity(product.id, 2);
    const onSale = await subscribe({ productId: product.id, variantId: mRed, phone: phone() });
    expect(onSale.statusCode).toBe(409);
    expect(onSale.json().error).toMatch(/on sale now/);
    const [{ n }] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from back_in_stock_requests where product_id = ${product.id}`),
    );
    expect(n).toBe(1);
  });
});

describe("every path that gives units back raises the alert", () => {
  it("a stock edit: one message with the link to the variant", async () => {
    const { product, mRed } = await stocked(0);
    const me = phone();
    await subscribe({ productId: product.id, variantId: mRed, phone: me });
    await t.app.jobs.runDue();
    expect(alerts(product)).toHaveLength(0);
    await trackStock(t.db, product, [{ size: "M", color: "Red", quantity: 4 }]);
    await t.app.jobs.runDue();
    const [sent] = alerts(product);
    expect(sent.body.to).toBe(digits(me));
    expect(JSON.stringify(sent.body)).toContain(`https://shop.example/products/${product.handle}?variant=${mRed}`);
    expect(JSON.stringify(sent.body)).toContain(`${product.name}: M / Red`);
    await t.app.jobs.runDue();
    expect(alerts(product)).toHaveLength(1);
  });

  it("an order cancelled", async () => {
    const { product, mRed } = await stocked(1);
    const order = await placeOrder(t.app, [{ productId: product.id, size: "M", color: "Red" }], {
      customerPhone: phone(),
    });
    await subscribe({ productId: product.id, variantId: mRed, phone: phone() });
    expect((await setStatus(order.id, "cancelled")).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(alerts(product)).toHaveLength(1);
  });

  it("a returned parcel restocked", async () => {
    const { product, mRed } = await stocked(1);
    const order = await placeOrder(t.app, [{ productId: product.id, size: "M", color: "Red" }], {
      customerPhone: phone(),
    });
    expect((await setStatus(order.id, "shipped")).statusCode).toBe(200);
    await subscribe({ productId: product.id, variantId: mRed, phone: phone() });
    expect((await setStatus(order.id, "returned")).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(alerts(product)).toHaveLength(1);
  });

  it("an unconfirmed order's units released at its expiry", async () => {
    const { product, mRed } = await stocked(1);
    await placeOrder(t.app, [{ productId: product.id, size: "M", color: "Red" }], { customerPhone: phone() });
    await t.app.jobs.runDue();
    await subscribe({ productId: product.id, variantId: mRed, phone: phone() });
    clock.advance(hours(49));
    await t.app.jobs.runDue();
    // The release skips an order another writer holds right then (the expiry sweep): a later pass takes it.
    for (let pass = 0; pass < 3 && alerts(product).length === 0; pass++) {
      clock.advance(5 * 60_000);
      await t.app.jobs.runDue();
    }
    expect(alerts(product)).toHaveLength(1);
  });
});

describe("how many are told", () => {
  it("ten subscribers, two units back, three per unit: six messages, oldest first", async () => {
    const { product, mRed } = await stocked(0);
    const phones = Array.from({ length: 10 }, () => phone());
    for (const p of phones) {
      await subscribe({ productId: product.id, variantId: mRed, phone: p });
      clock.advance(1000);
    }
    await setQuantity(product.id, 2);
    await t.app.jobs.runDue();
    expect(alerts(product).map((m) => m.body.to)).toEqual(phones.slice(0, 6).map(digits));
    const demand = (
      await t.app.inject({ method: "GET", url: "/api/admin/back-in-stock", headers: { cookie: t.adminCookie } })
    ).json();
    expect(demand.items.find((i: { variantId: number }) => i.variantId === mRed)).toMatchObject({
      waiting: 4,
      notified: 6,
      ordered: 0,
      label: `${product.name}: M / Red`,
    });
  });

  it("a unit sold between two sends stops the rest, who wait for the next units", async () => {
    const { product, mRed } = await stocked(0);
    const phones = Array.from({ length: 3 }, () => phone());
    for (const p of phones) {
      await subscribe({ productId: product.id, variantId: mRed, phone: p });
      clock.advance(1000);
    }
    await setQuantity(product.id, 1);
    fake.beforeAnswer = async () => {
      fake.beforeAnswer = null;
      await placeOrder(t.app, [{ productId: product.id, size: "M", color: "Red" }], { customerPhone: phone() });
    };
    await t.app.jobs.runDue();
    expect(alerts(product).map((m) => m.body.to)).toEqual([digits(phones[0])]);

    await setQuantity(product.id, 1);
    await t.app.jobs.runDue();
    expect(alerts(product).map((m) => m.body.to)).toEqual(phones.map(digits));
    await placeOrder(t.app, [{ productId: product.id, size: "M", color: "Red" }], { customerPhone: phones[1] });
    const demand = (
      await t.app.inject({
        method: "GET",
        url: "/api/admin/back-in-stock?sort=ordered",
        headers: { cookie: t.adminCookie },
      })
    ).json();
    expect(demand.items[0]).toMatchObject({ variantId: mRed, notified: 3, ordered: 1 });
  });
});
