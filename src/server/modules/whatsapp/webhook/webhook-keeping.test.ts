import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, whatsappContacts } from "../../../db/schema.js";
import { insertProduct, placeOrder } from "../../../test/factory.js";
import { buttonPress, postWebhook, statusUpdate, userIdChanged } from "../../../test/fakes/whatsapp-webhooks.js";
import type { TestContext } from "../../../test/test-app.js";
import { useWhatsappTestApp } from "../../../test/whatsapp-test-app.js";
import { webhookSignature } from "./webhook-signature.js";
import { buttonPayload } from "./button-payload.js";
import { UNKNOWN_DELIVERIES_KEPT } from "./unknown-deliveries.js";

/** Issue 23: nothing Meta sends is lost (unknown shapes are kept), and a user id that changes is followed. */
const wa = useWhatsappTestApp();
const { fake } = wa;
let t: TestContext;
let productId: number;

beforeAll(async () => {
  t = wa.t;
  productId = (await insertProduct(t.db)).id;
});

const webhook = (body: unknown) => postWebhook(t.app, wa.config.appSecret, body);
const kept = async () =>
  (await t.app.inject({ url: "/api/admin/whatsapp/unknown-deliveries", headers: { cookie: t.adminCookie } })).json();

describe("POST /api/whatsapp/webhook: deliveries the store cannot read whole", () => {
  it("keeps an item of unknown shape with the whole delivery, once, and acknowledges it", async () => {
    const odd = {
      object: "whatsapp_business_account",
      entry: [{ changes: [{ field: "messages", value: { messages: [{ what: 1 }] } }] }],
    };
    expect((await webhook(odd)).statusCode).toBe(200);
    expect((await webhook(odd)).statusCode).toBe(200); // Meta's redelivery
    const list = await kept();
    const mine = list.deliveries.filter((d: { body: string }) => d.body === JSON.stringify(odd));
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        receivedAt: expect.any(String),
        what: "entry[0].changes[0].value.messages: 1 of 1",
        body: JSON.stringify(odd),
      },
    ]);
  });

  it("keeps another field's change, a value's unknown keys, an unreadable envelope and a body that is not JSON", async () => {
    const preferences = {
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              field: "user_preferences",
              value: { user_preferences: [{ wa_id: "923001234567", category: "marketing_messages", value: "stop" }] },
            },
          ],
        },
      ],
    };
    const errors = {
      object: "whatsapp_business_account",
      entry: [{ changes: [{ field: "messages", value: { errors: [{ code: 131051, title: "Unsupported" }] } }] }],
    };
    const envelope = { object: "whatsapp_business_account", entry: "not a list" };
    for (const body of [preferences, errors, envelope]) expect((await webhook(body)).statusCode).toBe(200);
    const raw = "not json {";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/whatsapp/webhook",
      payload: raw,
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": webhookSignature(wa.config.appSecret, raw),
      },
    });
    expect(res.statusCode).toBe(200);
    const what = async (body: string) => (await kept()).deliveries.find((d: { body: string }) => d.body === body)?.what;
    expect(await what(JSON.stringify(preferences))).toBe(
      "entry[0].changes[0].field user_preferences; entry[0].changes[0].value.user_preferences",
    );
    expect(await what(JSON.stringify(errors))).toBe("entry[0].changes[0].value.errors");
    expect(await what(JSON.stringify(envelope))).toBe("unknown shape at entry");
    expect(await what(raw)).toBe("the body is not JSON");
  });

  it("keeps nothing of a delivery it reads whole, nor of an unsigned one", async () => {
    const before = (await kept()).kept;
    const order = await placeOrder(t.app, [{ productId }], { customerPhone: "0345 5100001" });
    await webhook(statusUpdate("wamid.NOT-OURS", "delivered", "923455100001"));
    await postWebhook(t.app, wa.config.appSecret, { entry: "x" }, "sha256=0000");
    expect((await kept()).kept).toBe(before);
    expect(order.id).toBeTruthy();
  });

  it("keeps only the latest deliveries", async () => {
    await t.db.execute(sql`
      insert into whatsapp_unknown_deliveries (digest, what, body)
      select 'filler' || n, 'filler', '{}' from generate_series(1, ${UNKNOWN_DELIVERIES_KEPT}) n`);
    await webhook({ object: "whatsapp_business_account", entry: [{ changes: [{ field: "calls", value: {} }] }] });
    const list = await kept();
    expect(list.kept).toBe(UNKNOWN_DELIVERIES_KEPT);
    expect(list.deliveries[0].what).toBe("entry[0].changes[0].field calls");
  });

  it("is for the owner", async () => {
    expect((await t.app.inject({ url: "/api/admin/whatsapp/unknown-deliveries" })).statusCode).toBe(401);
  });
});

describe("POST /api/whatsapp/webhook: user_changed_user_id", () => {
  it("moves the conversation to the new user id: a press by the new id confirms, the old id answers nothing", async () => {
    const order = await placeOrder(t.app, [{ productId }], { customerPhone: "0345 5200001" });
    await t.app.jobs.runDue();
    const sent = fake.received.find((m) => JSON.stringify(m.body).includes(order.id))!;
    const phone = "923455200001";
    await webhook(statusUpdate(sent.id, "delivered", phone, { userId: "PK.7000000000000001" }));
    expect((await webhook(userIdChanged("PK.7000000000000001", "PK.7000000000000002"))).statusCode).toBe(200);
    const [contact] = await t.db.select().from(whatsappContacts).where(eq(whatsappContacts.phone, phone));
    expect(contact.userId).toBe("PK.7000000000000002");

    const payload = buttonPayload(wa.config.appSecret, "confirm", order.id);
    await webhook(buttonPress({ userId: "PK.7000000000000001" }, payload));
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("pending");
    await webhook(buttonPress({ userId: "PK.7000000000000002" }, payload));
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: "processing",
      confirmationState: "confirmed",
    });
  });

  it("changes nothing for an id the store never learned", async () => {
    const before = await t.db.select().from(whatsappContacts);
    await webhook(userIdChanged("PK.7900000000000001", "PK.7900000000000002"));
    expect(await t.db.select().from(whatsappContacts)).toEqual(before);
  });
});
