import type { FastifyInstance } from "fastify";
import { uuidParam } from "@shared/schemas/common.js";
import type { WhatsappStatus } from "@shared/schemas/whatsapp.js";
import { requireAdmin } from "../../plugins/auth.js";
import { orderNotFound } from "../orders/order-admin.js";
import type { WebhookOutcome } from "./inbound.js";
import { orderMessages, resendConfirmation } from "./messages-service.js";
import { whatsappInboxRoutes } from "./inbox-routes.js";
import { registerOutbox } from "./outbox.js";
import { templatesToCreate } from "./templates.js";
import { whatsappWebhookRoutes } from "./webhook-routes.js";

function orderId(params: unknown): string {
  const parsed = uuidParam.safeParse(params);
  if (!parsed.success) throw orderNotFound();
  return parsed.data.id.toLowerCase();
}

/** The WhatsApp confirmation loop: Meta's webhook, and what the admin sees of it. */
export async function whatsappRoutes(app: FastifyInstance): Promise<void> {
  await app.register(whatsappWebhookRoutes, {
    onHandled: async (outcome: WebhookOutcome) => {
      if (outcome.replies > 0) app.jobs.wake();
      if (outcome.changed) app.orderEvents.publish();
    },
  });

  if (app.config.whatsapp) registerOutbox(app, app.config.whatsapp);
  await app.register(whatsappInboxRoutes);

  app.post(
    "/api/admin/orders/:id/whatsapp/resend",
    { preHandler: requireAdmin, config: { access: "agent" } },
    async (request, reply) => {
      const result = await resendConfirmation(app, orderId(request.params));
      app.jobs.wake();
      app.orderEvents.publish();
      reply.status(202);
      return result;
    },
  );

  app.get("/api/admin/orders/:id/messages", { preHandler: requireAdmin, config: { access: "agent" } }, (request) =>
    orderMessages(app.db, orderId(request.params)),
  );

  app.get(
    "/api/admin/whatsapp",
    { preHandler: requireAdmin, config: { access: "owner" } },
    async (): Promise<WhatsappStatus> => {
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
        templates: templatesToCreate(config ?? { confirmTemplate: "order_confirmation", templateLanguage: "en" }),
      };
    },
  );
}
