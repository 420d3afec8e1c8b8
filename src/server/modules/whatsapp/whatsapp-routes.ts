import type { FastifyInstance } from "fastify";
import type { WhatsappStatus } from "@shared/schemas/whatsapp.js";
import { orderIdParam } from "../order-core/index.js";
import { orderMessages, resendConfirmation } from "./confirmations/messages-service.js";
import { whatsappInboxRoutes } from "./conversations/inbox-routes.js";
import { registerOutbox } from "./confirmations/outbox.js";
import { orderUpdatedTemplate, registerOrderUpdatedMessages } from "./confirmations/order-updated.js";
import { templatesToCreate } from "./confirmations/templates.js";
import { WebhookBurst } from "./webhook/webhook-burst.js";
import { drainWebhookInbox, WEBHOOK_INBOX } from "./webhook/webhook-inbox.js";
import { whatsappWebhookRoutes } from "./webhook/webhook-routes.js";

/** The WhatsApp confirmation loop: Meta's webhook, and what the admin sees of it. */
export async function whatsappRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.whatsapp;
  // Recorded deliveries are handled right after the answer, and at every look of the job runner
  // (after a restart, or a failure) by whichever app server holds the queue.
  const burst = new WebhookBurst();
  // handleNow's drains do not wait for a burst to pause; they still go through the queue's lease,
  // so one drain at a time handles a delivery.
  let forced = 0;
  if (config)
    app.jobs.registerQueue(WEBHOOK_INBOX, (limit) =>
      drainWebhookInbox(app, config, limit, forced > 0 ? undefined : burst),
    );
  app.whatsappWebhooks.handleNow = async () => {
    if (!config) return 0;
    forced++;
    try {
      return await app.jobs.drainQueueSoon(WEBHOOK_INBOX);
    } finally {
      forced--;
    }
  };
  const handle = () =>
    void app.jobs
      .drainQueueSoon(WEBHOOK_INBOX)
      .catch((err) => app.log.error({ err }, "handling WhatsApp webhook deliveries failed"));
  await app.register(whatsappWebhookRoutes, { onRecorded: () => burst.recorded(handle) });

  if (app.config.whatsapp) registerOutbox(app, app.config.whatsapp);
  if (app.config.whatsapp) registerOrderUpdatedMessages(app, app.config.whatsapp);
  await app.register(whatsappInboxRoutes);

  app.post("/api/admin/orders/:id/whatsapp/resend", { config: { access: "agent" } }, async (request, reply) => {
    const id = orderIdParam(request.params);
    const result = await resendConfirmation(app, id);
    app.jobs.wake();
    await app.orderCore.changed({ touched: [id] });
    reply.status(202);
    return result;
  });

  app.get("/api/admin/orders/:id/messages", { config: { access: "agent" } }, (request) =>
    orderMessages(app.db, orderIdParam(request.params)),
  );

  app.get("/api/admin/whatsapp", { config: { access: "owner" } }, async (): Promise<WhatsappStatus> => {
    const config = app.config.whatsapp;
    const env = {
      WHATSAPP_TOKEN: config?.token,
      WHATSAPP_PHONE_NUMBER_ID: config?.phoneNumberId,
      WHATSAPP_APP_SECRET: config?.appSecret,
    };
    return {
      enabled: !!config,
      missing: Object.entries(env)
        .filter(([, v]) => !v)
        .map(([k]) => k),
      webhookPath: "/api/whatsapp/webhook",
      verifyTokenSet: !!config?.verifyToken,
      reminderHours: config?.reminderHours ?? 12,
      expiryHours: config?.expiryHours ?? 48,
      autoCancel: config?.autoCancel ?? false,
      templates: [
        ...templatesToCreate(config ?? { confirmTemplate: "order_confirmation", templateLanguage: "en" }),
        orderUpdatedTemplate(config ?? { templateLanguage: "en" }),
      ],
    };
  });
}
