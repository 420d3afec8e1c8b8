import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, orders, orderStatusEvents, whatsappMessages } from "../../../db/schema.js";
import { GRAPH_API } from "../../../lib/meta-defaults.js";
import { insertProduct, placeOrder } from "../../../test/factory.js";
import { buttonReply, postWebhook } from "../../../test/fakes/whatsapp-webhooks.js";
import type { TestContext } from "../../../test/test-app.js";
import { useWhatsappTestApp } from "../../../test/whatsapp-test-app.js";
import { SEND_ATTEMPTS } from "./outbox.js";

const wa = useWhatsappTestApp({ requestTimeoutMs: 1500 });
const { fake, clock, sentFor } = wa;
let t: TestContext;
let productId: number;

beforeAll(async () => {
  t = wa.t;
  productId = (await insertProduct(t.db, { name: "Lawn Suit", price: "2500.00" })).id;
});

const hours = (n: number) => n * 60 * 60_000;
const read = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const messagesOf = (id: string) => t.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, id));

let phoneSeq = 0;
const newOrder = async () => {
  const phone = `0333 ${String(5_000_000 + ++phoneSeq)}`;
  const order = await placeOrder(t.app, [{ productId, quantity: 2, size: "M", color: "Red" }], {
    customerPhone: phone,
  });
  return { id: order.id, to: `92333${String(5_000_000 + phoneSeq)}` };
};

describe("the confirmation outbox", () => {
  it("sends the documented template request, with signed buttons, when an order is placed", async () => {
    fake.mode = "ok";
    const jobsBefore = await t.db.$count(jobs);
    const { id, to } = await newOrder();
    // The order itself is the outbox entry: nothing else is written with it.
    expect((await read(id)).confirmationState).toBe("queued");
    expect(await t.db.$count(jobs)).toBe(jobsBefore);
    const before = fake.received.length;
    await t.app.jobs.runDue();
    expect(fake.received.length).toBe(before + 1);
    const sent = fake.received.at(-1)!;
    expect(sent.path).toBe(`/${GRAPH_API.version}/106540352242922/messages`);
    expect(sent.authorization).toBe("Bearer test-token");
    expect(sent.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "template",
      template: {
        name: "order_confirmation",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ayesha Khan" },
              { type: "text", text: id.slice(0, 8).toUpperCase() },
              { type: "text", text: "Lawn Suit (M, Red) x 2" },
              { type: "text", text: "Rs. 5,000" },
              { type: "text", text: "Lahore" },
            ],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "0",
            parameters: [{ type: "payload", payload: expect.stringMatching(new RegExp(`^confirm:${id}:`)) }],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "1",
            parameters: [{ type: "payload", payload: expect.stringMatching(new RegExp(`^cancel:${id}:`)) }],
          },
        ],
      },
    });
    expect((await read(id)).confirmationState).toBe("sent");
    expect(await messagesOf(id)).toEqual([
      expect.objectContaining({ kind: "confirm", state: "sent", waMessageId: sent.id }),
    ]);

    // The customer presses the first button: confirmed, and answered with a short reply.
    const components = sent.body.template!.components as { parameters: { payload?: string }[] }[];
    const res = await postWebhook(t.app, wa.config.appSecret, buttonReply(to, components[1].parameters[0].payload!));
    expect(res.statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ status: "processing", confirmationState: "confirmed" });
    await t.app.jobs.runDue();
    const reply = fake.received.at(-1)!;
    expect(reply.body).toMatchObject({ to, type: "text", text: { body: expect.stringMatching(/is confirmed/) } });
  });

  it("places the order when the API answers 500, retries with backoff, then marks the message failed", async () => {
    fake.mode = "ok";
    await t.app.jobs.runDue(); // anything earlier tests left
    fake.mode = "error500";
    const { id } = await newOrder();
    const attemptsBefore = fake.attempts;
    await t.app.jobs.runDue();
    expect(fake.attempts).toBe(attemptsBefore + 1);
    await t.app.jobs.runDue(); // not due again yet: backing off
    expect(fake.attempts).toBe(attemptsBefore + 1);
    expect(await read(id)).toMatchObject({
      confirmationState: "queued",
      confirmationAttempts: 1,
      confirmationRetryAt: expect.any(String),
    });
    for (let n = 1; n < SEND_ATTEMPTS; n++) {
      clock.advance(60 * 60_000);
      await t.app.jobs.runDue();
    }
    expect(fake.attempts).toBe(attemptsBefore + SEND_ATTEMPTS);
    expect(await read(id)).toMatchObject({ status: "pending", confirmationState: "failed" });
    expect(await messagesOf(id)).toEqual([
      expect.objectContaining({ state: "failed", error: expect.stringMatching(/answered 500/) }),
    ]);

    // An agent resends once the API is back: sent once.
    fake.mode = "ok";
    const before = fake.received.length;
    const resend = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/whatsapp/resend`,
      headers: { cookie: t.adminCookie },
    });
    expect(resend.statusCode).toBe(202);
    await t.app.jobs.runDue();
    expect(fake.received.length).toBe(before + 1);
    expect(sentFor(id)).toHaveLength(1);
    expect((await read(id)).confirmationState).toBe("sent");
  });

  it("retries a message when the API times out, and sends it once it answers", async () => {
    fake.mode = "hang";
    const { id } = await newOrder();
    await t.app.jobs.runDue();
    expect((await read(id)).confirmationState).toBe("queued");
    fake.mode = "ok";
    const before = fake.received.length;
    clock.advance(60_000);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(fake.received.length).toBe(before + 1);
    expect(sentFor(id)).toHaveLength(1);
    expect((await read(id)).confirmationState).toBe("sent");
  });

  it("refuses to resend for an order that is no longer pending", async () => {
    const { id } = await newOrder();
    await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${id}`,
      payload: { status: "cancelled" },
      headers: { cookie: t.adminCookie },
    });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/whatsapp/resend`,
      headers: { cookie: t.adminCookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Only a pending order .* this one is cancelled/);
  });

  it("sends one reminder after CONFIRM_REMINDER_HOURS and marks the order expired after CONFIRM_EXPIRY_HOURS", async () => {
    fake.mode = "ok";
    await t.app.jobs.runDue(); // anything earlier tests left
    const { id } = await newOrder();
    // The order is stamped with the database's time; earlier tests moved the clock on.
    await t.db.update(orders).set({ createdAt: clock.now().toISOString() }).where(eq(orders.id, id));
    await t.app.jobs.runDue();
    expect(sentFor(id)).toHaveLength(1);
    clock.advance(hours(11));
    await t.app.jobs.runDue();
    expect(sentFor(id)).toHaveLength(1);
    clock.advance(hours(1) + 5 * 60_000);
    await t.app.jobs.runDue();
    clock.advance(hours(1));
    await t.app.jobs.runDue();
    expect(sentFor(id)).toHaveLength(2);
    expect((await messagesOf(id)).map((m) => m.kind)).toEqual(["confirm", "reminder"]);

    clock.advance(hours(36));
    await t.app.jobs.runDue();
    expect(await read(id)).toMatchObject({ status: "pending", confirmationState: "expired" });
  });

  it("asks for a review once, a day after delivery, with the link to write it", async () => {
    fake.mode = "ok";
    const { id, to } = await newOrder();
    await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${id}`,
      payload: { status: "delivered" },
      headers: { cookie: t.adminCookie },
    });
    // The delivery was recorded at the database's time; earlier tests moved the clock on.
    await t.db
      .update(orderStatusEvents)
      .set({ createdAt: clock.now().toISOString() })
      .where(eq(orderStatusEvents.orderId, id));
    const before = fake.received.length;
    clock.advance(hours(23));
    await t.app.jobs.runDue();
    expect(fake.received.length).toBe(before);
    clock.advance(hours(2));
    await t.app.jobs.runDue();
    clock.advance(hours(2));
    await t.app.jobs.runDue();
    const reviews = fake.received.slice(before).filter((m) => m.body.template?.name === "order_review");
    expect(reviews).toHaveLength(1);
    expect(reviews[0].body).toMatchObject({ to });
    // The product's page by its handle (made from its name by the database: decision 039).
    expect(JSON.stringify(reviews[0].body)).toContain(`https://shop.example.pk/products/lawn-suit?review=`);
    expect((await messagesOf(id)).filter((m) => m.kind === "review")).toHaveLength(1);
  });

  it("confirms an order taken by hand on WhatsApp only when the staff member asks for it", async () => {
    fake.mode = "ok";
    const take = (phone: string, notifyCustomer: boolean) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/orders",
        headers: { cookie: t.adminCookie },
        payload: {
          customerName: "Sana Malik",
          customerPhone: phone,
          customerEmail: "",
          shippingAddress: "Flat 3, Block B, Clifton",
          city: "Karachi",
          source: "instagram",
          notifyCustomer,
          items: [{ productId, size: "M", color: "Red", quantity: 1 }],
        },
      });
    const quiet = await take("0345 1112223", false);
    const asked = await take("0345 1112224", true);
    expect([quiet.statusCode, asked.statusCode]).toEqual([201, 201]);
    expect(quiet.json().confirmation.state).toBe("off");
    expect(asked.json().confirmation.state).toBe("queued");
    await t.app.jobs.runDue();
    expect(sentFor(quiet.json().id)).toHaveLength(0);
    expect(sentFor(asked.json().id)).toHaveLength(1);
  });
});
