import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, orders, orderStatusEvents, whatsappMessages, whatsappWebhookInbox } from "../../../db/schema.js";
import { ManualClock } from "../../../jobs/clock.js";
import { insertProduct, placeOrder } from "../../../test/factory.js";
import { testWhatsappConfig } from "../../../test/fakes/whatsapp-config.js";
import { buttonReply, inboundId, postWebhook } from "../../../test/fakes/whatsapp-webhooks.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { buttonPayload } from "./button-payload.js";

const config = testWhatsappConfig();
const clock = new ManualClock();
let t: TestContext;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ whatsapp: config, clock });
  productId = (await insertProduct(t.db)).id;
  // The first confirm statement fails, as a deadlock or a dropped connection would fail it; a
  // sequence, not a table, counts the attempts, so the failure's rollback does not undo the count.
  await t.db.execute(sql`create sequence confirm_attempts`);
  await t.db.execute(
    sql.raw(`
    create function fail_first_confirm() returns trigger language plpgsql as $$
    begin
      if new.status = 'processing' and nextval('confirm_attempts') = 1 then
        raise exception 'deadlock detected (injected)' using errcode = '40P01';
      end if;
      return new;
    end $$`),
  );
  await t.db.execute(
    sql`create trigger fail_first_confirm before update on orders for each row execute function fail_first_confirm()`,
  );
});
afterAll(() => t.close());

describe("POST /api/whatsapp/webhook when the confirm statement fails once", () => {
  it("keeps the delivery with its error and nothing of the message, then confirms the order once on the retry", async () => {
    const order = await placeOrder(t.app, [{ productId }], { customerPhone: "0300 7654321" });
    const messageId = inboundId();
    const press = buttonReply("923007654321", buttonPayload(config.appSecret, "confirm", order.id), messageId);

    // Meta is answered at once: the delivery is recorded before the answer and handled after it.
    const first = await postWebhook(t.app, config.appSecret, press);
    expect(first.statusCode).toBe(200);
    expect(await t.db.$count(whatsappMessages, eq(whatsappMessages.waMessageId, messageId))).toBe(0);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("pending");
    const [kept] = await t.db.select().from(whatsappWebhookInbox);
    expect(kept).toMatchObject({ attempts: 1, error: expect.stringContaining("deadlock detected (injected)") });

    // Not before its time: 30 s later it is handled, and Meta's own redeliveries change nothing twice.
    await t.app.jobs.runDue();
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("pending");
    clock.advance(31_000);
    await t.app.jobs.runDue();
    for (let delivery = 0; delivery < 2; delivery++)
      expect((await postWebhook(t.app, config.appSecret, press)).statusCode).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: "processing", confirmationState: "confirmed" });
    const confirmed = await t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id));
    expect(confirmed.filter((e) => e.status === "processing")).toHaveLength(1);
    expect(await t.db.$count(whatsappMessages, eq(whatsappMessages.waMessageId, messageId))).toBe(1);
    expect(await t.db.$count(jobs, eq(jobs.key, `whatsapp:reply:${messageId}`))).toBe(1);
    expect(await t.db.$count(whatsappWebhookInbox)).toBe(0);
  });
});
