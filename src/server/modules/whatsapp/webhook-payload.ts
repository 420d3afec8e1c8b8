import { z } from "zod";

/**
 * The parts of the Cloud API's webhook JSON the store reads (Meta: "Webhooks, messages"):
 * {object, entry: [{id, changes: [{field: "messages", value: {metadata, contacts, messages,
 * statuses}}]}]}. Anything else in it is ignored.
 */
const inboundMessage = z.object({
  from: z.string(),
  id: z.string().max(200),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string().optional() }).optional(),
    })
    .optional(),
});
export type InboundMessage = z.infer<typeof inboundMessage>;

const statusUpdate = z.object({
  id: z.string().max(200),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() })).optional(),
});
export type StatusUpdate = z.infer<typeof statusUpdate>;

export const webhookPayload = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        id: z.string().optional(),
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z
                .object({
                  messages: z.array(inboundMessage).optional(),
                  statuses: z.array(statusUpdate).optional(),
                })
                .passthrough(),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** A quick reply's payload: a template's button, or an interactive message's reply button. */
export function quickReplyPayload(message: InboundMessage): string | null {
  if (message.type === "button") return message.button?.payload ?? null;
  if (message.type === "interactive") return message.interactive?.button_reply?.id ?? null;
  return null;
}
