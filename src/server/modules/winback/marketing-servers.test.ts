import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { rowsOf } from "../../db/rows.js";
import { ManualClock } from "../../jobs/clock.js";
import { insertProduct, mobileNumber, placeOrder, trackStock } from "../../test/factory.js";
import { FakeCloudApi } from "../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../test/fakes/whatsapp-config.js";
import { dbKind } from "../../test/test-db.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// Marketing on the shop's number with several app servers (PostgreSQL): each alert sent once;
// marketing waits behind the confirmations and stops at 80 % of the daily limit (decision 041).
const fake = new FakeCloudApi();
const clock = new ManualClock();
let t: TestContext;
const extra: FastifyInstance[] = [];
let seq = 0;
const phone = () => mobileNumber(++seq, "0349");

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({ whatsapp: testWhatsappConfig(fake.url, { requestTimeoutMs: 10_000 }), clock });
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await t.close();
  await fake.stop();
});

async function anotherServer(): Promise<FastifyInstance> {
  const app = await buildApp(t.database, {
    sessionTtlHours: 1,
    overload: { maxEventLoopDelayMs: 0 },
    whatsapp: t.app.config.whatsapp,
    clock,
  });
  await app.ready();
  extra.push(app);
  return app;
}

/** A sold-out M / Red with `waiting` requests, oldest first; answers the product and the phones. */
async function soldOutWith(waiting: number) {
  const product = await insertProduct(t.db, { sizes: ["M"], colors: ["Red"] });
  await t.db.execute(sql`insert into product_variants (product_id, position, options, size, color, price)
    values (${product.id}, 0, '{"Size": "M", "Color": "Red"}', 'M', 'Red', 2500) on conflict do nothing`);
  await trackStock(t.db, product, [{ size: "M", color: "Red", quantity: 0 }]);
  const phones = Array.from({ length: waiting }, () => phone());
  for (const p of phones) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/back-in-stock",
      payload: { productId: product.id, size: "M", color: "Red", phone: p, consent: true },
    });
    expect(res.statusCode).toBe(201);
    clock.advance(1000);
  }
  const restock = (quantity: number) =>
    t.db.execute(sql`update product_stock set quantity = ${quantity} where product_id = ${product.id}`);
  return { product, phones, restock };
}
const alerts = (product: { handle: string }) =>
  fake.received.filter((m) => JSON.stringify(m.body).includes(`/products/${product.handle}?`));
const setLimit = (value: string | null) =>
  t.app.inject({
    method: "PUT",
    url: "/api/settings/whatsapp_daily_limit",
    payload: { value },
    headers: { cookie: t.adminCookie },
  });

describe.skipIf(dbKind !== "postgres")("back-in-stock alerts with two app servers", () => {
  it("sends each alert once", async () => {
    const second = await anotherServer();
    const { product, restock } = await soldOutWith(12);
    await restock(4);
    await Promise.all([t.app.jobs.runDue(), second.jobs.runDue(), t.app.jobs.runDue(), second.jobs.runDue()]);
    await t.app.jobs.runDue();
    const sent = alerts(product).map((m) => m.body.to);
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  });
});

describe("marketing and the number's limit", () => {
  it("waits behind a queued confirmation, and stops at 80 % of the daily limit", async () => {
    const { product, restock } = await soldOutWith(6);
    const [{ count }] = rowsOf<{ count: number }>(
      await t.db.execute(sql`select count(distinct phone)::int as count from whatsapp_messages
        where direction = 'out' and created_at > ${new Date(clock.now().getTime() - 86_400_000).toISOString()}::timestamptz`),
    );
    // Room for two more phones before marketing stops: 80 % of the limit is count + 2.
    await setLimit(String(Math.ceil((count + 2) / 0.8)));
    const other = await insertProduct(t.db);
    const order = await placeOrder(t.app, [{ productId: other.id }], { customerPhone: phone() });
    await restock(2);
    await t.app.jobs.runDue();
    const confirmation = fake.received.findIndex((m) => JSON.stringify(m.body).includes(order.id));
    const first = fake.received.findIndex((m) => JSON.stringify(m.body).includes(`/products/${product.handle}?`));
    expect(confirmation).toBeGreaterThanOrEqual(0);
    expect(first).toBeGreaterThan(confirmation);
    // The confirmation took one of the two places: one alert, the rest wait.
    expect(alerts(product)).toHaveLength(1);
    await setLimit(null);
    await t.app.jobs.runDue();
    expect(alerts(product)).toHaveLength(6);
  });
});
