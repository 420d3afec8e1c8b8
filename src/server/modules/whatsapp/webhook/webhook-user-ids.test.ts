import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, whatsappContacts, whatsappMessages } from "../../../db/schema.js";
import { insertProduct, placeOrder } from "../../../test/factory.js";
import { buttonPress, postWebhook, statusUpdate, textMessage } from "../../../test/fakes/whatsapp-webhooks.js";
import type { TestContext } from "../../../test/test-app.js";
import { useWhatsappTestApp } from "../../../test/whatsapp-test-app.js";
import { buttonPayload } from "./button-payload.js";

const wa = useWhatsappTestApp();
const { fake } = wa;
let t: TestContext;
let productId: number;

beforeAll(async () => {
  t = wa.t;
  productId = (await insertProduct(t.db)).id;
});

const read = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const webhook = (body: unknown) => postWebhook(t.app, wa.config.appSecret, body);

let seq = 0;
/** An order whose confirmation template went out through the outbox (to the fake); answers its wamid. */
async function orderWithTemplate() {
  const local = String(4_100_000 + ++seq);
  const order = await placeOrder(t.app, [{ productId }], { customerPhone: `0345 ${local}` });
  await t.app.jobs.runDue();
  const sent = fake.received.find((m) => JSON.stringify(m.body).includes(order.id))!;
  return { id: order.id, phone: `92345${local}`, wamid: sent.id };
}

describe("POST /api/whatsapp/webhook with business-scoped user ids", () => {
  it("keeps the user id Meta reports in a status of the store's message, for that phone's conversation", async () => {
    const order = await orderWithTemplate();
    const res = await webhook(statusUpdate(order.wamid, "delivered", order.phone, { userId: "PK.1000000000000001" }));
    expect(res.statusCode).toBe(200);
    const [contact] = await t.db.select().from(whatsappContacts).where(eq(whatsappContacts.phone, order.phone));
    expect(contact.userId).toBe("PK.1000000000000001");
  });

  it("confirms the order from a press that carries only a user id (no `from`), once", async () => {
    const order = await orderWithTemplate();
    await webhook(statusUpdate(order.wamid, "read", order.phone, { userId: "PK.1000000000000002" }));
    const press = buttonPress(
      { userId: "PK.1000000000000002", username: "@ayesha" },
      buttonPayload(wa.config.appSecret, "confirm", order.id),
    );
    expect((await webhook(press)).statusCode).toBe(200);
    expect(await read(order.id)).toMatchObject({ status: "processing", confirmationState: "confirmed" });
    expect((await webhook(press)).statusCode).toBe(200);
    // The reply goes to the phone the store has (sending keeps using the number).
    await t.app.jobs.runDue();
    const reply = fake.received.filter((m) => m.body.type === "text" && JSON.stringify(m.body).includes("confirmed"));
    expect(reply.at(-1)!.body.to).toBe(order.phone);
  });

  it("never lets one customer's user id confirm or cancel another customer's order", async () => {
    const mine = await orderWithTemplate();
    const theirs = await orderWithTemplate();
    await webhook(statusUpdate(mine.wamid, "delivered", mine.phone, { userId: "PK.2000000000000001" }));
    await webhook(statusUpdate(theirs.wamid, "delivered", theirs.phone, { userId: "PK.2000000000000002" }));
    // My id, their order's genuine (signed) payload: nothing happens to their order.
    await webhook(
      buttonPress({ userId: "PK.2000000000000001" }, buttonPayload(wa.config.appSecret, "cancel", theirs.id)),
    );
    expect(await read(theirs.id)).toMatchObject({ status: "pending" });
    // An id Meta never reported with a phone confirms nothing.
    await webhook(
      buttonPress({ userId: "PK.9999999999999999" }, buttonPayload(wa.config.appSecret, "confirm", mine.id)),
    );
    expect(await read(mine.id)).toMatchObject({ status: "pending" });
    // The message is still stored, for the inbox.
    const stored = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.userId, "PK.9999999999999999"));
    expect(stored).toHaveLength(1);
  });

  it("matches a press by phone when Meta sends both the phone and the id", async () => {
    const order = await orderWithTemplate();
    await webhook(
      buttonPress(
        { phone: order.phone, userId: "PK.3000000000000001" },
        buttonPayload(wa.config.appSecret, "cancel", order.id),
      ),
    );
    expect(await read(order.id)).toMatchObject({ status: "cancelled", confirmationState: "cancelled" });
    const [contact] = await t.db.select().from(whatsappContacts).where(eq(whatsappContacts.phone, order.phone));
    expect(contact.userId).toBe("PK.3000000000000001");
  });

  it("files a text from a user id alone under the phone that id belongs to", async () => {
    const order = await orderWithTemplate();
    await webhook(statusUpdate(order.wamid, "sent", order.phone, { userId: "PK.4000000000000001" }));
    await webhook(textMessage({ userId: "PK.4000000000000001" }, "Can I change the size to L?"));
    const [stored] = await t.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.body, "Can I change the size to L?"));
    expect(stored).toMatchObject({ phone: order.phone, direction: "in", userId: "PK.4000000000000001" });
  });

  it("stores statuses' pricing with the message, and acknowledges items of unknown shape", async () => {
    const order = await orderWithTemplate();
    const pricing = { billable: true, pricing_model: "PMP", category: "utility", type: "regular" };
    await webhook(statusUpdate(order.wamid, "sent", order.phone, { pricing }));
    const [message] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, order.wamid));
    expect(message).toMatchObject({
      pricingBillable: true,
      pricingModel: "PMP",
      pricingCategory: "utility",
      pricingType: "regular",
      state: "sent",
    });
    const odd = { object: "whatsapp_business_account", entry: [{ changes: [{ value: { messages: [{ what: 1 }] } }] }] };
    expect((await webhook(odd)).statusCode).toBe(200);
  });
});
