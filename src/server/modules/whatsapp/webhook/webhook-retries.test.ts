import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whatsappWebhookInbox } from "../../../db/schema.js";
import { ManualClock } from "../../../jobs/clock.js";
import { FakeCloudApi } from "../../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../../test/fakes/whatsapp-config.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { WEBHOOK_DELIVERY_TRIES } from "./webhook-inbox.js";

/** Issue 38: a recorded delivery that keeps failing is tried a bounded number of times, then listed. */
const fake = new FakeCloudApi();
const clock = new ManualClock();
let t: TestContext;

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({ whatsapp: testWhatsappConfig(fake.url), clock });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

const HOUR = 60 * 60_000;
/** A recorded delivery whose handling always fails (a body no version of the store can read). */
const recordBrokenDelivery = async (body: string) =>
  (await t.db.insert(whatsappWebhookInbox).values({ body }).returning())[0];
const rowOf = async (id: number) =>
  (await t.db.select().from(whatsappWebhookInbox).where(eq(whatsappWebhookInbox.id, id)))[0];
const failedList = async () => {
  const res = await t.app.inject({ url: "/api/admin/whatsapp/failed-deliveries", headers: { cookie: t.adminCookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; deliveries: { id: number; attempts: number; error: string; body: string }[] };
};

describe("GET /api/admin/whatsapp/failed-deliveries", () => {
  it("tries a failing delivery again later, keeping its error, without listing it yet", async () => {
    const delivery = await recordBrokenDelivery('{"object": "whatsapp_business_account", "entry": [');
    await t.app.whatsappWebhooks.handleNow();
    expect(await rowOf(delivery.id)).toMatchObject({ attempts: 1, error: expect.stringContaining("JSON") });
    await t.app.whatsappWebhooks.handleNow(); // not due yet: nothing more
    expect((await rowOf(delivery.id)).attempts).toBe(1);
    clock.advance(HOUR);
    await t.app.whatsappWebhooks.handleNow();
    expect((await rowOf(delivery.id)).attempts).toBe(2);
    expect((await failedList()).deliveries.map((d) => d.id)).not.toContain(delivery.id);
  });

  it("gives a delivery up after WEBHOOK_DELIVERY_TRIES tries and lists it for the owner with its error", async () => {
    const body = '{"entry": "cut short';
    const delivery = await recordBrokenDelivery(body);
    for (let hour = 0; hour < WEBHOOK_DELIVERY_TRIES + 5; hour++) {
      await t.app.whatsappWebhooks.handleNow();
      clock.advance(HOUR);
    }
    expect((await rowOf(delivery.id)).attempts).toBe(WEBHOOK_DELIVERY_TRIES);
    const list = await failedList();
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.deliveries.find((d) => d.id === delivery.id)).toEqual({
      id: delivery.id,
      receivedAt: expect.any(String),
      attempts: WEBHOOK_DELIVERY_TRIES,
      error: expect.stringContaining("JSON"),
      body,
    });
    // A year later it is still not tried again.
    clock.advance(365 * 24 * HOUR);
    await t.app.whatsappWebhooks.handleNow();
    expect((await rowOf(delivery.id)).attempts).toBe(WEBHOOK_DELIVERY_TRIES);
  });
});
