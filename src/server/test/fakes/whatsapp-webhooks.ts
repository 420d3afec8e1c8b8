import type { FastifyInstance } from "fastify";
import "../../modules/whatsapp/webhook/webhook-inbox.js";
import { webhookSignature } from "../../modules/whatsapp/webhook/webhook-signature.js";

/**
 * Webhook deliveries in the shape Meta documents for the Cloud API ("Webhooks, messages"),
 * signed with the app secret as Meta signs them.
 */
let seq = 0;
export const inboundId = () => `wamid.IN${Date.now()}${++seq}`;

function envelope(value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: "106540352242922" },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** A customer pressing a template's quick-reply button. */
export function buttonReply(from: string, payload: string, id = inboundId(), text = "Confirm order") {
  return envelope({
    contacts: [{ profile: { name: "Ayesha" }, wa_id: from }],
    messages: [
      {
        context: { from: "15550783881", id: "wamid.ORIGINAL" },
        from,
        id,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: "button",
        button: { payload, text },
      },
    ],
  });
}

/** A customer pressing an interactive message's reply button. */
export function interactiveReply(from: string, replyId: string, id = inboundId()) {
  return envelope({
    contacts: [{ profile: { name: "Ayesha" }, wa_id: from }],
    messages: [
      {
        from,
        id,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: "interactive",
        interactive: { type: "button_reply", button_reply: { id: replyId, title: "Cancel order" } },
      },
    ],
  });
}

/** A status callback for a message the store sent. */
export function statusUpdate(
  messageId: string,
  status: string,
  recipient = "923001234567",
  extra: { userId?: string; pricing?: Record<string, unknown>; username?: string } = {},
) {
  return envelope({
    // Meta's status webhooks carry the recipient's contact, except for a failure.
    ...(extra.userId && status !== "failed"
      ? {
          contacts: [
            {
              profile: { name: "Ayesha", ...(extra.username ? { username: extra.username } : {}) },
              wa_id: recipient,
              user_id: extra.userId,
            },
          ],
        }
      : {}),
    statuses: [
      {
        id: messageId,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: recipient,
        ...(extra.userId ? { recipient_user_id: extra.userId } : {}),
        ...(extra.pricing ? { pricing: extra.pricing } : {}),
        ...(status === "failed" ? { errors: [{ code: 131026, title: "Message undeliverable" }] } : {}),
      },
    ],
  });
}

/** Who sent an inbound message: a phone, a business-scoped user id, or both (Meta's "Business-scoped user IDs"). */
export interface Sender {
  /** `messages[].from` and `contacts[].wa_id`; left out for a customer whose phone is not shared. */
  phone?: string;
  /** `messages[].from_user_id` and `contacts[].user_id`. */
  userId?: string;
  name?: string;
  username?: string;
}

function fromSender(sender: Sender, id: string, timestamp: number, message: Record<string, unknown>) {
  return envelope({
    contacts: [
      {
        profile: { name: sender.name ?? "Ayesha", ...(sender.username ? { username: sender.username } : {}) },
        ...(sender.phone ? { wa_id: sender.phone } : {}),
        ...(sender.userId ? { user_id: sender.userId } : {}),
      },
    ],
    messages: [
      {
        ...(sender.phone ? { from: sender.phone } : {}),
        ...(sender.userId ? { from_user_id: sender.userId } : {}),
        id,
        timestamp: String(Math.floor(timestamp / 1000)),
        ...message,
      },
    ],
  });
}

/** A press of a template's quick-reply button, from a phone or a user id alone. */
export function buttonPress(sender: Sender, payload: string, id = inboundId(), timestamp = Date.now()) {
  return fromSender(sender, id, timestamp, {
    context: { from: "15550783881", id: "wamid.ORIGINAL" },
    type: "button",
    button: { payload, text: "Confirm order" },
  });
}

/**
 * Meta's system message when a customer's business-scoped user id changes
 * (`user_changed_user_id`): no contacts array and no phone, the previous id beside the new one.
 */
export function userIdChanged(previousUserId: string, userId: string, id = inboundId(), timestamp = Date.now()) {
  return envelope({
    messages: [
      {
        from_user_id: userId,
        id,
        timestamp: String(Math.floor(timestamp / 1000)),
        type: "system",
        system: {
          body: "User's business-scoped user ID changed",
          type: "user_changed_user_id",
          user_id: userId,
          previous_user_id: previousUserId,
        },
      },
    ],
  });
}

/** A customer's text message. */
export function textMessage(sender: Sender, body: string, id = inboundId(), timestamp = Date.now()) {
  return fromSender(sender, id, timestamp, { type: "text", text: { body } });
}

/** A customer's photo, voice note or file: Meta sends its media id, to be fetched from the media endpoint. */
export function mediaMessage(
  sender: Sender,
  type: "image" | "audio" | "video" | "document" | "sticker",
  media: { id: string; mime_type: string; caption?: string; filename?: string },
  id = inboundId(),
  timestamp = Date.now(),
) {
  return fromSender(sender, id, timestamp, { type, [type]: { sha256: "c2hhMjU2", ...media } });
}

/**
 * Posts a signed delivery as Meta does, then waits until the store has handled what it recorded
 * (the handling runs just after the answer, as in production).
 */
export async function postWebhook(app: FastifyInstance, appSecret: string, body: unknown, signature?: string | null) {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["x-hub-signature-256"] = signature ?? webhookSignature(appSecret, raw);
  const res = await app.inject({ method: "POST", url: "/api/whatsapp/webhook", payload: raw, headers });
  if (app.config.whatsapp) await app.whatsappWebhooks.handleNow();
  return res;
}
