import type { FastifyInstance } from "fastify";
import { replyInput, whatsappPrices } from "@shared/schemas/whatsapp.js";
import { AppError } from "../../../lib/app-error.js";
import { actorOf, recordAudit } from "../../audit/index.js";
import { queueAgentReply, registerAgentReplies } from "./agent-replies.js";
import { conversationPhone, listConversations, openConversation, unreadTotal } from "./conversations.js";
import { streamMedia } from "../cloud-api/media.js";
import { listUnknownDeliveries } from "../webhook/unknown-deliveries.js";
import { listGivenUpDeliveries } from "../webhook/webhook-inbox.js";
import { readPrices, savePrices, usageMonth, whatsappUsage } from "../confirmations/usage.js";

const parse = <T>(
  schema: {
    safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  body: unknown,
): T => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "The request is not valid");
  return parsed.data;
};

/** The agents' WhatsApp inbox and the owner's view of what messages cost. */
export async function whatsappInboxRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.whatsapp) registerAgentReplies(app, app.config.whatsapp);

  app.get("/api/admin/whatsapp/conversations", { config: { access: "agent" } }, () => listConversations(app.db));

  app.get("/api/admin/whatsapp/unread", { config: { access: "agent" } }, async () => ({
    unread: await unreadTotal(app.db),
  }));

  app.get("/api/admin/whatsapp/conversations/:phone", { config: { access: "agent" } }, async (request) => {
    const phone = conversationPhone((request.params as { phone: string }).phone);
    const conversation = await openConversation(app.db, phone, app.clock.now());
    return conversation;
  });

  app.post(
    "/api/admin/whatsapp/conversations/:phone/messages",
    { config: { access: "agent" } },
    async (request, reply) => {
      const phone = conversationPhone((request.params as { phone: string }).phone);
      const { text } = parse(replyInput, request.body);
      const message = await queueAgentReply(app, phone, text, actorOf(request));
      reply.status(202);
      return message;
    },
  );

  app.get("/api/admin/whatsapp/media/:id", { config: { access: "agent" } }, async (request, reply) => {
    const config = app.config.whatsapp;
    if (!config) throw new AppError("NOT_FOUND", "WhatsApp is not configured on this store");
    const id = Number((request.params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError("NOT_FOUND", "That message has no file");
    return streamMedia(app.db, config, id, reply);
  });

  // Deliveries from Meta the store could not read whole, kept for the owner (or a developer) to read.
  app.get("/api/admin/whatsapp/unknown-deliveries", { config: { access: "owner" } }, async () =>
    listUnknownDeliveries(app.db),
  );

  // Deliveries the store gave up handling after its bounded tries, with their errors (issue 38).
  app.get("/api/admin/whatsapp/failed-deliveries", { config: { access: "owner" } }, async () =>
    listGivenUpDeliveries(app.db),
  );

  app.get("/api/admin/whatsapp/usage", { config: { access: "owner" } }, async (request) => {
    const month = usageMonth((request.query as { month?: unknown }).month, app.clock.now());
    return whatsappUsage(app.db, month);
  });

  app.put("/api/admin/whatsapp/prices", { config: { access: "owner" } }, async (request) => {
    const prices = parse(whatsappPrices, request.body);
    const before = await readPrices(app.db);
    const saved = await savePrices(app.db, prices);
    await recordAudit(app.db, {
      actor: actorOf(request),
      action: "whatsapp.prices",
      entity: "setting",
      entityId: "whatsapp_prices",
      before,
      after: saved,
    });
    return saved;
  });
}
