import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Conversation, ConversationList } from "@shared/schemas/whatsapp.js";
import { auditLog, whatsappMessages } from "../../../db/schema.js";
import { insertProduct, placeOrder } from "../../../test/factory.js";
import {
  inboundId,
  mediaMessage,
  postWebhook,
  statusUpdate,
  textMessage,
} from "../../../test/fakes/whatsapp-webhooks.js";
import type { TestContext } from "../../../test/test-app.js";
import { useWhatsappTestApp } from "../../../test/whatsapp-test-app.js";

const wa = useWhatsappTestApp();
const { fake, clock } = wa;
let t: TestContext;
let productId: number;

beforeAll(async () => {
  t = wa.t;
  productId = (await insertProduct(t.db)).id;
});

const hours = (n: number) => n * 60 * 60_000;
const webhook = (body: unknown) => postWebhook(t.app, wa.config.appSecret, body);
const get = (url: string) => t.app.inject({ url, headers: { cookie: t.adminCookie } });
const reply = (phone: string, text: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/whatsapp/conversations/${phone}/messages`,
    payload: { text },
    headers: { cookie: t.adminCookie },
  });

const WAIT = { timeout: 15_000, interval: 20 };
const row = async (id: number) => (await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id)))[0];
/** Runs the jobs until the reply has been tried (the runner may also be draining after its wake). */
const tried = (id: number) =>
  vi.waitFor(async () => {
    await t.app.jobs.runDue();
    const r = await row(id);
    if (r.state === "sending" || (r.state === "queued" && !r.error)) throw new Error(`reply ${id} not tried yet`);
    return r;
  }, WAIT);

let seq = 0;
/** A customer who ordered; answers the number as 923… and as the customer typed it. */
async function customer() {
  const local = String(4_200_000 + ++seq);
  const order = await placeOrder(t.app, [{ productId }], {
    customerPhone: `0311 ${local}`,
    customerName: "Sana Iqbal",
  });
  return { phone: `92311${local}`, typed: `0311${local}`, orderId: order.id };
}

describe("GET /api/admin/whatsapp/conversations", () => {
  it("lists a customer's question first, with its unread count, and opening it reads it", async () => {
    const c = await customer();
    await webhook(
      textMessage({ phone: c.phone, name: "Sana" }, "Can I change the size to L?", undefined, clock.now().getTime()),
    );
    await webhook(
      textMessage({ phone: c.phone, name: "Sana" }, "And when will it come?", undefined, clock.now().getTime()),
    );
    const list = (await get("/api/admin/whatsapp/conversations")).json() as ConversationList;
    expect(list.conversations[0]).toMatchObject({
      phone: c.phone,
      name: "Sana",
      lastMessage: "And when will it come?",
      lastDirection: "in",
      unread: 2,
    });
    expect(list.unread).toBeGreaterThanOrEqual(2);

    const opened = (await get(`/api/admin/whatsapp/conversations/${c.typed}`)).json() as Conversation;
    expect(opened.messages.map((m) => [m.direction, m.body])).toEqual([
      ["in", "Can I change the size to L?"],
      ["in", "And when will it come?"],
    ]);
    expect(opened.orders).toEqual([expect.objectContaining({ id: c.orderId, status: "pending" })]);
    expect(opened.window.open).toBe(true);
    const after = (await get("/api/admin/whatsapp/conversations")).json() as ConversationList;
    expect(after.conversations.find((x) => x.phone === c.phone)!.unread).toBe(0);
  });

  it("is for staff only", async () => {
    expect((await t.app.inject({ url: "/api/admin/whatsapp/conversations" })).statusCode).toBe(401);
  });
});

describe("POST /api/admin/whatsapp/conversations/{phone}/messages", () => {
  it("sends a free-form text within 24 hours of the customer's last message, once, and audits it", async () => {
    const c = await customer();
    await webhook(textMessage({ phone: c.phone }, "Is the blue one in stock?", undefined, clock.now().getTime()));
    clock.advance(hours(23));
    const res = await reply(c.phone, "  Yes, <b>blue</b> is in stock in M and L.  ");
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      state: "queued",
      body: "Yes, <b>blue</b> is in stock in M and L.",
      sentBy: "owner",
    });
    const done = await tried(res.json().id);
    await t.app.jobs.runDue();
    const sent = fake.received.filter((m) => m.body.to === c.phone && m.body.type === "text");
    expect(sent).toHaveLength(1);
    expect(sent[0].body.text).toEqual({ preview_url: false, body: "Yes, <b>blue</b> is in stock in M and L." });
    expect(done).toMatchObject({ state: "sent", waMessageId: sent[0].id, phone: c.phone });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "whatsapp.reply"));
    expect(audit.some((a) => a.entityId === String(done.id) && a.actor === "owner")).toBe(true);
  });

  it("answers 409 saying only a template is allowed when the window is closed or the customer never wrote", async () => {
    const c = await customer();
    const never = await reply(c.phone, "Hello");
    expect(never.statusCode).toBe(409);
    expect(never.json().error).toMatch(/never written.*template message/);
    await webhook(textMessage({ phone: c.phone }, "Hi", undefined, clock.now().getTime()));
    clock.advance(hours(24) + 60_000);
    const closed = await reply(c.typed, "Hello again");
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toMatch(/24 hours.*template message.*Resend the confirmation template/);
    const opened = (await get(`/api/admin/whatsapp/conversations/${c.phone}`)).json() as Conversation;
    expect(opened.window.open).toBe(false);
  });

  it("refuses an empty text or one longer than 4,096 characters with a clear error", async () => {
    const c = await customer();
    await webhook(textMessage({ phone: c.phone }, "Hi", undefined, clock.now().getTime()));
    expect((await reply(c.phone, "   ")).json().error).toMatch(/Write the reply/);
    const long = await reply(c.phone, "x".repeat(4097));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/4,096 characters/);
    expect((await reply(c.phone, "x".repeat(4096))).statusCode).toBe(202);
  });

  it("shows Meta's refusal in words and never sends it again (window closed, not on WhatsApp)", async () => {
    const c = await customer();
    await webhook(textMessage({ phone: c.phone }, "Hi", undefined, clock.now().getTime()));
    for (const code of [131047, 131026] as const) {
      fake.refusals.push({ code, to: c.phone, type: "text" });
      const text = `About your order (${code})`;
      const res = await reply(c.phone, text);
      await tried(res.json().id);
      expect(fake.refusals).toHaveLength(0);
      clock.advance(hours(1));
      await t.app.jobs.runDue();
      expect(fake.received.filter((m) => JSON.stringify(m.body).includes(text))).toHaveLength(0);
      const failed = await row(res.json().id);
      expect(failed.state).toBe("failed");
      expect(failed.error).toMatch(code === 131047 ? /template message/ : /not be on WhatsApp/);
      clock.advance(-hours(1));
    }
  });

  it("sends again after a rate limit, once it passes, and only once", async () => {
    const c = await customer();
    await webhook(textMessage({ phone: c.phone }, "Hi", undefined, clock.now().getTime()));
    fake.refusals.push({ code: 130429, to: c.phone, type: "text" });
    const res = await reply(c.phone, "Your parcel leaves tomorrow");
    const limited = await tried(res.json().id);
    expect(limited).toMatchObject({ state: "queued" });
    expect(limited.error).toMatch(/rate limit/);
    clock.advance(60_000);
    await vi.waitFor(async () => {
      await t.app.jobs.runDue();
      expect((await row(res.json().id)).state).toBe("sent");
    }, WAIT);
    expect(fake.received.filter((m) => JSON.stringify(m.body).includes("Your parcel leaves tomorrow"))).toHaveLength(1);
  });
});

describe("GET /api/admin/whatsapp/media/{id}", () => {
  it("shows a voice note by type and downloads it through the store, with the token kept on the server", async () => {
    const c = await customer();
    fake.media.set("1037543291543636", { mimeType: "audio/ogg", bytes: Buffer.from("OggS-voice-note") });
    await webhook(
      mediaMessage(
        { phone: c.phone },
        "audio",
        { id: "1037543291543636", mime_type: "audio/ogg; codecs=opus" },
        undefined,
        clock.now().getTime(),
      ),
    );
    const opened = (await get(`/api/admin/whatsapp/conversations/${c.phone}`)).json() as Conversation;
    const note = opened.messages.at(-1)!;
    expect(note.media).toMatchObject({ type: "audio", mimeType: "audio/ogg; codecs=opus" });
    const file = await get(note.media!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("audio/ogg");
    expect(file.rawPayload.toString()).toBe("OggS-voice-note");
    expect(fake.mediaRequests.slice(-2).map((r) => r.authorization)).toEqual([
      "Bearer test-token",
      "Bearer test-token",
    ]);
    expect((await t.app.inject({ url: note.media!.url })).statusCode).toBe(401);
  });
});

describe("GET /api/admin/whatsapp/usage", () => {
  it("counts this month's messages by Meta's category, the billable ones, and estimates in Rs. from the owner's prices", async () => {
    const c = await customer();
    await t.app.jobs.runDue();
    const template = fake.received.find((m) => JSON.stringify(m.body).includes(c.orderId))!;
    const before = (await get("/api/admin/whatsapp/usage")).json();
    await webhook(
      statusUpdate(template.id, "sent", c.phone, {
        pricing: { billable: true, pricing_model: "PMP", category: "utility", type: "regular" },
      }),
    );
    await webhook(
      statusUpdate(template.id, "delivered", c.phone, {
        pricing: { billable: true, pricing_model: "PMP", category: "utility", type: "regular" },
      }),
    );
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/whatsapp/prices",
      payload: { utility: 2.5, marketing: 12, service: 0, authentication: 2 },
      headers: { cookie: t.adminCookie },
    });
    expect(saved.statusCode).toBe(200);
    const usage = (await get("/api/admin/whatsapp/usage")).json();
    expect(usage.byCategory.utility).toEqual({
      messages: before.byCategory.utility.messages + 1,
      billable: before.byCategory.utility.billable + 1,
    });
    expect(usage.estimateRs).toBe(Math.round((before.byCategory.utility.billable + 1) * 2.5));
    expect((await get("/api/admin/whatsapp/usage?month=2026-13")).statusCode).toBe(400);
    expect((await get("/api/admin/whatsapp/usage?month=2001-01")).json().byCategory.utility).toEqual({
      messages: 0,
      billable: 0,
    });
  });
});

describe("a customer known only by business-scoped user id", () => {
  it("has a conversation keyed by the id, answered by id within the window, joined to the phone once Meta reports it", async () => {
    const userId = "PK.8800000000000001";
    const now = clock.now().getTime();
    await webhook(
      textMessage({ userId, name: "Mahnoor", username: "@mahnoor" }, "Is the lawn suit in stock?", inboundId(), now),
    );
    const list = (await get("/api/admin/whatsapp/conversations")).json() as ConversationList;
    expect(list.conversations.find((c) => c.phone === userId)).toMatchObject({ name: "Mahnoor", unread: 1 });

    const opened = (await get(`/api/admin/whatsapp/conversations/${userId}`)).json() as Conversation;
    expect(opened).toMatchObject({ phone: userId, userId, window: { open: true }, orders: [] });
    expect(opened.messages.map((m) => m.body)).toEqual(["Is the lawn suit in stock?"]);

    const sent = await reply(userId, "Yes, all sizes.");
    expect(sent.statusCode).toBe(202);
    const message = await tried(sent.json().id);
    expect(message.state).toBe("sent");
    const out = fake.received.at(-1)!.body;
    expect(out).toMatchObject({ recipient: userId, type: "text", text: { body: "Yes, all sizes." } });
    expect(out.to).toBeUndefined();

    // Later Meta reports the id with a phone (the customer ordered, and the store's template was delivered).
    await webhook(textMessage({ userId, name: "Mahnoor" }, "Another question", inboundId(), now + 1000));
    const { phone } = await customer();
    await webhook(textMessage({ phone, userId, name: "Mahnoor" }, "This is my number", inboundId(), now + 2000));
    const joined = (await get(`/api/admin/whatsapp/conversations/${phone}`)).json() as Conversation;
    expect(joined.messages.map((m) => m.body)).toEqual([
      "Is the lawn suit in stock?",
      "Yes, all sizes.",
      "Another question",
      "This is my number",
    ]);
    expect(joined.orders).toHaveLength(1);
    expect((await get(`/api/admin/whatsapp/conversations/${userId}`)).statusCode).toBe(404);
    const after = (await get("/api/admin/whatsapp/conversations")).json() as ConversationList;
    expect(after.conversations.map((c) => c.phone)).not.toContain(userId);
  });
});
