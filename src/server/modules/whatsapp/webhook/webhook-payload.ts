import { z } from "zod";

/**
 * The parts of the Cloud API's webhook JSON the store reads (Meta: "Webhooks, messages"):
 * {object, entry: [{id, changes: [{field: "messages", value: {metadata, contacts, messages,
 * statuses}}]}]}. Anything else in it is ignored. Business-scoped user ids (Meta's
 * "Business-scoped user IDs"): a customer with a WhatsApp username may arrive with
 * `messages[].from_user_id` and no `from`, `statuses[].recipient_user_id`, and
 * `contacts[].user_id` with `wa_id` only when the phone is shared.
 */
const media = z.object({
  id: z.string().max(200),
  mime_type: z.string().max(200).optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

/** The message types whose content is a file on Meta's media endpoint. */
export const MEDIA_TYPES = ["image", "audio", "video", "document", "sticker"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * A system message (Meta: "System messages webhook reference"): `user_changed_number` (the new
 * phone in `wa_id`) or `user_changed_user_id` (the user's business-scoped user id changed; the
 * changelog of 11 August 2026 adds `previous_user_id` and `previous_parent_user_id` beside the new
 * values). Both carry a `body` in words.
 */
const systemChange = z.object({
  type: z.string().max(60).optional(),
  body: z.string().max(1000).optional(),
  wa_id: z.string().max(32).optional(),
  user_id: z.string().max(200).optional(),
  parent_user_id: z.string().max(200).optional(),
  previous_user_id: z.string().max(200).optional(),
  previous_parent_user_id: z.string().max(200).optional(),
});

const inboundMessage = z.object({
  from: z.string().max(32).optional(),
  from_user_id: z.string().max(200).optional(),
  id: z.string().max(200),
  timestamp: z.string().optional(),
  type: z.string().max(40),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string().optional() }).optional(),
    })
    .optional(),
  image: media.optional(),
  audio: media.optional(),
  video: media.optional(),
  document: media.optional(),
  sticker: media.optional(),
  system: systemChange.optional(),
});
export type InboundMessage = z.infer<typeof inboundMessage>;

const pricing = z.object({
  billable: z.boolean().optional(),
  pricing_model: z.string().max(40).optional(),
  category: z.string().max(60).optional(),
  type: z.string().max(60).optional(),
});

const statusUpdate = z.object({
  id: z.string().max(200),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().max(32).optional(),
  recipient_user_id: z.string().max(200).optional(),
  pricing: pricing.optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() })).optional(),
});
export type StatusUpdate = z.infer<typeof statusUpdate>;

const contact = z.object({
  wa_id: z.string().max(32).optional(),
  user_id: z.string().max(200).optional(),
  profile: z.object({ name: z.string().optional(), username: z.string().optional() }).optional(),
});
export type WebhookContact = z.infer<typeof contact>;

/**
 * The envelope is read strictly, its items one by one: an item of a shape the store does not know
 * is skipped (and the delivery still acknowledged), never the whole delivery with it.
 */
const items = <T extends z.ZodTypeAny>(item: T) =>
  z
    .array(z.unknown())
    .optional()
    .transform((list) =>
      (list ?? []).flatMap((x) => {
        const parsed = item.safeParse(x);
        return parsed.success ? [parsed.data as z.infer<T>] : [];
      }),
    );

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
                  contacts: items(contact),
                  messages: items(inboundMessage),
                  statuses: items(statusUpdate),
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
export type WebhookChange = WebhookPayload["entry"][number]["changes"][number]["value"];

/** The keys of a change's value the store reads, or knows it need not (Meta's "Webhooks, messages"). */
const READ_KEYS = new Set(["messaging_product", "metadata", "contacts", "messages", "statuses"]);

/**
 * What of a delivery the store did not read: changes of another field than "messages", keys of a
 * value it does not know (e.g. `errors`), and items of contacts, messages or statuses whose shape
 * it could not read. Empty when everything was read.
 */
export function unreadParts(json: unknown, payload: WebhookPayload): string[] {
  const unread: string[] = [];
  const entries = (json as { entry?: unknown[] }).entry ?? [];
  payload.entry.forEach((entry, e) => {
    const rawChanges = ((entries[e] as { changes?: unknown[] })?.changes ?? []) as {
      value?: Record<string, unknown>;
    }[];
    entry.changes.forEach((change, c) => {
      const at = `entry[${e}].changes[${c}]`;
      if (change.field !== undefined && change.field !== "messages") unread.push(`${at}.field ${change.field}`);
      const raw = rawChanges[c]?.value ?? {};
      for (const key of Object.keys(raw)) if (!READ_KEYS.has(key)) unread.push(`${at}.value.${key}`);
      for (const key of ["contacts", "messages", "statuses"] as const) {
        const sent = Array.isArray(raw[key]) ? (raw[key] as unknown[]).length : 0;
        if (sent > change.value[key].length)
          unread.push(`${at}.value.${key}: ${sent - change.value[key].length} of ${sent}`);
      }
    });
  });
  return unread;
}

/** A quick reply's payload: a template's button, or an interactive message's reply button. */
export function quickReplyPayload(message: InboundMessage): string | null {
  if (message.type === "button") return message.button?.payload ?? null;
  if (message.type === "interactive") return message.interactive?.button_reply?.id ?? null;
  return null;
}

/** The file a media message carries, if it is one. */
export function messageMedia(message: InboundMessage): { id: string; mimeType: string | null; caption: string } | null {
  if (!(MEDIA_TYPES as readonly string[]).includes(message.type)) return null;
  const file = message[message.type as MediaType];
  if (!file) return null;
  return { id: file.id, mimeType: file.mime_type ?? null, caption: file.caption ?? file.filename ?? "" };
}

/** What the inbox shows of a message: its text, the button pressed, or a file's caption. */
export function messageText(message: InboundMessage): string {
  return (
    message.text?.body ??
    message.button?.text ??
    message.interactive?.button_reply?.title ??
    message.system?.body ??
    messageMedia(message)?.caption ??
    ""
  );
}
