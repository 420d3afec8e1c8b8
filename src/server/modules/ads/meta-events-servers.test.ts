import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metaEvents } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import { insertProduct, placeOrder } from "../../test/factory.js";
import { FakeMeta, testMetaAdsConfig } from "../../test/fakes/meta-fake.js";
import { createTestApp, startAnotherServer, type TestContext } from "../../test/test-app.js";

const fake = new FakeMeta();
const clock = new ManualClock();
let t: TestContext;
let productId: number;
const servers: FastifyInstance[] = [];

beforeAll(async () => {
  await fake.start();
  fake.now = () => clock.now().getTime();
  t = await createTestApp({ clock, metaAds: testMetaAdsConfig(fake) });
  productId = (await insertProduct(t.db)).id;
});
afterAll(async () => {
  for (const app of servers) await app.close();
  await t.close();
  await fake.stop();
});

async function anotherServer(): Promise<FastifyInstance> {
  const app = await startAnotherServer(t, { clock, metaAds: testMetaAdsConfig(fake) });
  servers.push(app);
  return app;
}

let seq = 0;
async function confirmedOrder(app: FastifyInstance): Promise<string> {
  const { id } = await placeOrder(app, [{ productId }], { customerPhone: `0345 ${String(3_000_000 + ++seq)}` });
  const res = await app.inject({
    method: "PATCH",
    url: `/api/orders/${id}`,
    headers: { cookie: t.adminCookie },
    payload: { status: "processing" },
  });
  expect(res.statusCode).toBe(200);
  return id;
}

describe("the Conversions API outbox across app servers", () => {
  it("sends each Purchase once when two app servers drain the outbox at the same time", async () => {
    const second = await anotherServer();
    const ids: string[] = [];
    for (let i = 0; i < 16; i++) ids.push(await confirmedOrder(i % 2 ? t.app : second));
    await Promise.all([t.app.jobs.runDue(), second.jobs.runDue(), t.app.jobs.runDue(), second.jobs.runDue()]);
    await Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);
    expect(ids.map((id) => fake.eventsOf(id).length)).toEqual(ids.map(() => 1));
  });

  it("records one Purchase when two servers confirm the same order at once", async () => {
    const second = await anotherServer();
    const { id } = await placeOrder(t.app, [{ productId }], { customerPhone: `0345 ${String(3_000_000 + ++seq)}` });
    const confirm = (app: FastifyInstance) =>
      app.inject({
        method: "PATCH",
        url: `/api/orders/${id}`,
        headers: { cookie: t.adminCookie },
        payload: { status: "processing" },
      });
    await Promise.all([confirm(t.app), confirm(second), confirm(t.app)]);
    await Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);
    expect(await t.db.select().from(metaEvents).where(eq(metaEvents.orderId, id))).toHaveLength(1);
    expect(fake.eventsOf(id)).toHaveLength(1);
  });

  it("resumes after a restart: an event a stopped server had claimed is sent by the next one, once its claim is over", async () => {
    const first = await anotherServer();
    const id = await confirmedOrder(first);
    // The first server claimed the event and stopped before it could send it.
    await t.db.execute(sql`update meta_events set state = 'sending', attempts = 1,
      locked_until = ${new Date(clock.now().getTime() + 2 * 60_000).toISOString()}::timestamptz
      where order_id = ${id}::uuid`);
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const restarted = await anotherServer();
    await restarted.jobs.runDue();
    expect(fake.eventsOf(id)).toEqual([]); // still the stopped server's
    clock.advance(2 * 60_000 + 1);
    await restarted.jobs.runDue();
    await t.app.jobs.runDue();
    expect(fake.eventsOf(id)).toHaveLength(1);
    const [row] = await t.db.select().from(metaEvents).where(eq(metaEvents.orderId, id));
    expect(row).toMatchObject({ state: "sent", attempts: 2 });
  });
});
