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
