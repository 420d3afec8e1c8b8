import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusEvents, whatsappMessages } from "../../../db/schema.js";
import { insertProduct, placeOrder } from "../../../test/factory.js";
import { testWhatsappConfig } from "../../../test/fakes/whatsapp-config.js";
import {
  buttonReply,
  inboundId,
  interactiveReply,
  postWebhook,
  statusUpdate,
} from "../../../test/fakes/whatsapp-webhooks.js";
import { createTestApp, type TestContext } from "../../../test/test-app.js";
import { buttonPayload } from "./button-payload.js";
import { WHATSAPP_ACTOR } from "../conversations/inbound.js";

const config = testWhatsappConfig();
const secret = config.appSecret;
const CUSTOMER = "923001234567";

let t: TestContext;
let productId: number;
beforeAll(async () => {
  t = await createTestApp({ whatsapp: config });
  productId = (await insertProduct(t.db)).id;
});
afterAll(() => t.close());

const newOrder = async (phone = "0300 1234567") =>
  (await placeOrder(t.app, [{ productId }], { customerPhone: phone })).id;
const read = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const events = (id: string) => t.db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, id));
const webhook = (body: unknown, signature?: string | null) => postWebhook(t.app, secret, body, signature);

describe("GET /api/whatsapp/webhook", () => {
  it("answers Meta's challenge when the verify token matches", async () => {
    const res = await t.app.inject({
      url: "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("1158201444");
  });

  it("refuses a wrong or missing verify token with 403", async () => {
    const wrong = await t.app.inject({
      url: "/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1",
    });
    expect(wrong.statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/whatsapp/webhook?hub.challenge=1" })).statusCode).toBe(403);
  });
});

describe("POST /api/whatsapp/webhook", () => {
  it("confirms a pending order when its own phone presses the confirm button, answering 200", async () => {
    const id = await newOrder();
    const res = await webhook(buttonReply(CUSTOMER, buttonPayload(secret, "confirm", id)));
    expect(res.statusCode).toBe(200);
    const order = await read(id);
    expect(order.status).toBe("processing");
    expect(order.confirmationState).toBe("confirmed");
    expect((await events(id)).map((e) => [e.status, e.actor])).toEqual([
      ["pending", "customer"],
      ["processing", WHATSAPP_ACTOR],
    ]);
    const detail = await t.app.inject({ url: `/api/orders/${id}`, headers: { cookie: t.adminCookie } });
    expect(detail.json().confirmation.state).toBe("confirmed");
  });

  it("cancels a pending order from an interactive reply button", async () => {
    const id = await newOrder();
    expect((await webhook(interactiveReply(CUSTOMER, buttonPayload(secret, "cancel", id)))).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ status: "cancelled", confirmationState: "cancelled" });
  });

  it("changes nothing for a reply from another number", async () => {
    const id = await newOrder();
    await webhook(buttonReply("923009999999", buttonPayload(secret, "cancel", id)));
    expect(await read(id)).toMatchObject({ status: "pending", confirmationState: "queued" });
  });

  it("changes nothing on an order that is no longer pending", async () => {
    const id = await newOrder();
    await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${id}`,
      payload: { status: "shipped" },
      headers: { cookie: t.adminCookie },
    });
    await webhook(buttonReply(CUSTOMER, buttonPayload(secret, "cancel", id)));
    expect(await read(id)).toMatchObject({ status: "shipped", confirmationState: "queued" });
  });

  it("handles the same inbound message once when it is delivered twice", async () => {
    const id = await newOrder();
    const messageId = inboundId();
    const body = buttonReply(CUSTOMER, buttonPayload(secret, "cancel", id), messageId);
    expect((await webhook(body)).statusCode).toBe(200);
    // Put the order back as an agent might; a second delivery of the same message must not cancel it again.
    await t.db.update(orders).set({ status: "pending", confirmationState: "sent" }).where(eq(orders.id, id));
    expect((await webhook(body)).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ status: "pending", confirmationState: "sent" });
    const inbound = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.waMessageId, messageId));
    expect(inbound).toHaveLength(1);
    expect((await events(id)).filter((e) => e.status === "cancelled")).toHaveLength(1);
  });

  it("refuses a missing or wrong signature with 401 and changes nothing", async () => {
    const id = await newOrder();
    const body = buttonReply(CUSTOMER, buttonPayload(secret, "cancel", id));
    const missing = await webhook(body, null);
    const wrong = await webhook(body, `sha256=${"0".repeat(64)}`);
    const otherSecret = await postWebhook(t.app, "another-secret", body);
    for (const res of [missing, wrong, otherSecret]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatch(/X-Hub-Signature-256/);
    }
    expect((await read(id)).status).toBe("pending");
  });

  it("ignores a button payload made for another order or another action", async () => {
    const mine = await newOrder();
    const theirs = await newOrder();
    const [, , tag] = buttonPayload(secret, "confirm", mine).split(":");
    await webhook(buttonReply(CUSTOMER, `confirm:${theirs}:${tag}`));
    await webhook(buttonReply(CUSTOMER, `cancel:${mine}:${tag}`));
    expect((await read(mine)).status).toBe("pending");
    expect((await read(theirs)).status).toBe("pending");
  });

  it("keeps a high-risk order pending when the customer confirms it, marked confirmed for an agent", async () => {
    const id = await newOrder();
    await t.db.update(orders).set({ riskLevel: "high" }).where(eq(orders.id, id));
    await webhook(buttonReply(CUSTOMER, buttonPayload(secret, "confirm", id)));
    expect(await read(id)).toMatchObject({ status: "pending", confirmationState: "confirmed" });
    expect((await events(id)).map((e) => e.status)).toEqual(["pending"]);
  });

  it("moves a sent message's state forward on status callbacks, never back, and records a failure", async () => {
    const id = await newOrder();
    await t.db.update(orders).set({ confirmationState: "sent" }).where(eq(orders.id, id));
    const [sent] = await t.db
      .insert(whatsappMessages)
      .values({ orderId: id, direction: "out", kind: "confirm", waMessageId: `wamid.OUT${id}`, state: "sent" })
      .returning();
    for (const s of ["delivered", "read", "sent"]) await webhook(statusUpdate(sent.waMessageId!, s));
    const message = async () => (await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, sent.id)))[0];
    expect((await message()).state).toBe("read");
    expect((await read(id)).confirmationState).toBe("read");
    await webhook(statusUpdate(sent.waMessageId!, "failed"));
    expect(await message()).toMatchObject({ state: "failed", error: "Message undeliverable" });
    expect((await read(id)).confirmationState).toBe("failed");
  });
});
