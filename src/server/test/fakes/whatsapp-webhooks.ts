import type { FastifyInstance } from "fastify";
import { webhookSignature } from "../../modules/whatsapp/webhook-signature.js";

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
export function statusUpdate(messageId: string, status: string, recipient = "923001234567") {
  return envelope({
    statuses: [
      {
        id: messageId,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: recipient,
        ...(status === "failed" ? { errors: [{ code: 131026, title: "Message undeliverable" }] } : {}),
      },
    ],
  });
}

export function postWebhook(app: FastifyInstance, appSecret: string, body: unknown, signature?: string | null) {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["x-hub-signature-256"] = signature ?? webhookSignature(appSecret, raw);
  return app.inject({ method: "POST", url: "/api/whatsapp/webhook", payload: raw, headers });
}
