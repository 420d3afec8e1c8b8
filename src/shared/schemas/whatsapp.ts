import { z } from "zod";

/** One WhatsApp message of an order, as the admin's order view lists it. */
export const whatsappMessage = z.object({
  id: z.number().int(),
  direction: z.enum(["out", "in"]),
  kind: z.string(),
  state: z.string(),
  body: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WhatsappMessage = z.infer<typeof whatsappMessage>;

export const messageTemplate = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string(),
  body: z.string(),
  bodyParameters: z.array(z.object({ number: z.number().int(), meaning: z.string(), example: z.string() })),
  buttons: z.array(z.object({ index: z.number().int(), type: z.string(), text: z.string(), action: z.string() })),
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

/** GET /api/admin/whatsapp: whether the integration is on, and the templates to create in WhatsApp Manager. */
export const whatsappStatus = z.object({
  enabled: z.boolean(),
  missing: z.array(z.string()),
  webhookPath: z.string(),
  verifyTokenSet: z.boolean(),
  reminderHours: z.number(),
  expiryHours: z.number(),
  autoCancel: z.boolean(),
  templates: z.array(messageTemplate),
});
export type WhatsappStatus = z.infer<typeof whatsappStatus>;

/** The longest text WhatsApp takes in one message (`text.body`). */
export const WHATSAPP_TEXT_MAX = 4096;
/** Meta's customer-service window: free-form messages only this long after the customer's last message. */
export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60_000;

/** GET /api/admin/whatsapp/conversations: customers by last message, latest first. */
export const conversationSummary = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  lastMessage: z.string(),
  lastDirection: z.enum(["in", "out"]).nullable(),
  lastAt: z.string().nullable(),
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;
export const conversationList = z.object({
  conversations: z.array(conversationSummary),
  /** Unread messages in all conversations (the admin menu's count). */
  unread: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationList>;

/** One message of a conversation, both ways. */
export const conversationMessage = z.object({
  id: z.number().int(),
  direction: z.enum(["in", "out"]),
  kind: z.string(),
  state: z.string(),
  body: z.string(),
  error: z.string().nullable(),
  /** For a photo, voice note, video or file: its type and a staff-only download link. */
  media: z.object({ type: z.string(), mimeType: z.string().nullable(), url: z.string() }).nullable(),
  sentBy: z.string().nullable(),
  at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const conversationOrder = z.object({
  id: z.string(),
  status: z.string(),
  total: z.number(),
  confirmationState: z.string(),
  createdAt: z.string(),
});
export type ConversationOrder = z.infer<typeof conversationOrder>;

/** GET /api/admin/whatsapp/conversations/{phone}. */
export const conversation = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  /** Meta's business-scoped user id for this customer, when it reported one. */
  userId: z.string().nullable(),
  /** Whether a free-form reply can be sent now, and until when (the customer's last message + 24 h). */
  window: z.object({ open: z.boolean(), closesAt: z.string().nullable() }),
  messages: z.array(conversationMessage),
  orders: z.array(conversationOrder),
});
export type Conversation = z.infer<typeof conversation>;

/** POST /api/admin/whatsapp/conversations/{phone}/messages. */
export const replyInput = z.object({
  text: z
    .string({ message: "Write the reply's text" })
    .trim()
    .min(1, "Write the reply's text")
    .max(WHATSAPP_TEXT_MAX, `A WhatsApp message can be at most ${WHATSAPP_TEXT_MAX.toLocaleString("en")} characters`),
});
export type ReplyInput = z.infer<typeof replyInput>;

/** The categories Meta bills by (`statuses[].pricing.category`). */
export const PRICING_CATEGORIES = ["utility", "marketing", "service", "authentication"] as const;

/** The owner's price per billable message, in Rs., by category (Meta's rate card for Pakistan, converted). */
export const whatsappPrices = z.object(
  Object.fromEntries(
    PRICING_CATEGORIES.map((c) => [
      c,
      z
        .number({ message: `The ${c} price must be a number of rupees` })
        .min(0, "A price cannot be negative")
        .max(1000, "A price per message above Rs. 1,000 is surely a typing mistake"),
    ]),
  ) as Record<(typeof PRICING_CATEGORIES)[number], z.ZodNumber>,
);
export type WhatsappPrices = z.infer<typeof whatsappPrices>;

/** GET /api/admin/whatsapp/usage?month=YYYY-MM. */
export const whatsappUsage = z.object({
  month: z.string(),
  byCategory: z.record(z.string(), z.object({ messages: z.number().int(), billable: z.number().int() })),
  prices: whatsappPrices,
  /** Billable messages × the owner's prices, in whole rupees. */
  estimateRs: z.number().int(),
});
export type WhatsappUsage = z.infer<typeof whatsappUsage>;

/**
 * GET /api/admin/whatsapp/failed-deliveries (owner): webhook deliveries the store gave up handling
 * after its bounded tries, the latest first, each with its last error; `total` counts them all.
 */
export const failedDeliveries = z.object({
  total: z.number().int(),
  deliveries: z.array(
    z.object({
      id: z.number().int(),
      receivedAt: z.string(),
      attempts: z.number().int(),
      error: z.string(),
      body: z.string(),
    }),
  ),
});
export type FailedDeliveries = z.infer<typeof failedDeliveries>;
