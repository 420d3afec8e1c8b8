import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app.js";
import { orders, orderStatusEvents } from "../../../db/schema.js";
import { insertProduct, placeOrder } from "../../../test/factory.js";
import type { TestContext } from "../../../test/test-app.js";
import { useWhatsappTestApp } from "../../../test/whatsapp-test-app.js";

// Expired orders are cancelled on this store (AUTO_CANCEL_UNCONFIRMED=1).
const wa = useWhatsappTestApp({ requestTimeoutMs: 5000, autoCancel: true });
const { clock, sentFor } = wa;
let t: TestContext;
let productId: number;
const extra: FastifyInstance[] = [];

beforeAll(async () => {
  t = wa.t;
  productId = (await insertProduct(t.db)).id;
});
afterAll(async () => {
  // Before the helper closes the first app (this file's afterAll runs before the helper's).
  for (const app of extra) await app.close();
});

/** Another app server on the same database, as after a restart or beside the first. */
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

let seq = 0;
const place = (app: FastifyInstance) =>
  placeOrder(app, [{ productId }], { customerPhone: `0312 ${String(4_000_000 + ++seq)}` }).then((o) => o.id);
const countFor = (ids: string[]) => ids.map((id) => sentFor(id).length);

describe("the confirmation outbox across app servers", () => {
  it("sends messages left unsent by a server that stopped, once, after the restart", async () => {
    const first = await anotherServer();
    const ids = [await place(first), await place(first), await place(first)];
    await first.close(); // stopped before its runner sent anything
    const restarted = await anotherServer();
    await restarted.jobs.runDue();
    await restarted.jobs.runDue();
    expect(countFor(ids)).toEqual([1, 1, 1]);
  });

  it("sends each message once when two app servers run the jobs at the same time", async () => {
    const second = await anotherServer();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await place(i % 2 ? t.app : second));
    const ran = await Promise.all([t.app.jobs.runDue(), second.jobs.runDue(), t.app.jobs.runDue()]);
    expect(ran.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(12);
    expect(countFor(ids)).toEqual(ids.map(() => 1));
  });

  it("cancels an unconfirmed order at CONFIRM_EXPIRY_HOURS when AUTO_CANCEL_UNCONFIRMED is set", async () => {
    const id = await place(t.app);
    await t.app.jobs.runDue();
    await t.db.update(orders).set({ createdAt: clock.now().toISOString() }).where(eq(orders.id, id));
    clock.advance(49 * 60 * 60_000);
    await t.app.jobs.runDue();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({ status: "cancelled", confirmationState: "expired" });
    const events = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, id));
    expect(events.map((e) => e.status)).toEqual(["pending", "cancelled"]);
  });
});
