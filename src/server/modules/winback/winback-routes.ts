import type { FastifyInstance } from "fastify";
import { abandonedCheckoutInput, restoreCartInput } from "@shared/schemas/winback.js";
import { networkKey } from "../../lib/network-key.js";
import { parse } from "../../lib/validate.js";
import { checkoutReminders } from "./checkout-reminders.js";
import { abandonedCheckoutsReport } from "./checkout-report.js";
import { restoreCart, saveCheckout } from "./saved-checkouts.js";

/**
 * Winning back lost sales on WhatsApp (issue 42, decision 041): abandoned checkouts and
 * back-in-stock requests, whose messages the WhatsApp marketing queue sends.
 */
export async function winbackRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.whatsapp;
  if (config) app.whatsappMarketing.push(checkoutReminders(app, config));

  app.post("/api/checkout/abandoned", { config: { access: "public" } }, async (request, reply) => {
    const input = parse(abandonedCheckoutInput, request.body);
    const saved = await saveCheckout(app, {
      sessionId: input.sessionId.toLowerCase(),
      phone: input.phone,
      network: networkKey(request.ip),
    });
    reply.status(201);
    return saved;
  });

  app.post("/api/cart/restore", { config: { access: "public" } }, async (request) => {
    const input = parse(restoreCartInput, request.body);
    return restoreCart(app, input.token, input.sessionId.toLowerCase());
  });

  app.get("/api/admin/abandoned-checkouts", { config: { access: "agent" } }, () => abandonedCheckoutsReport(app.db));
}
