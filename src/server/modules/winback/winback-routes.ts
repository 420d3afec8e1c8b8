import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { abandonedCheckoutInput, backInStockInput, restoreCartInput } from "@shared/schemas/winback.js";
import { networkKey } from "../../lib/network-key.js";
import { parse } from "../../lib/validate.js";
import { backInStockAlerts, lapseOldRequests, subscribe } from "./back-in-stock.js";
import { backInStockDemand, DEMAND_SORTS } from "./back-in-stock-report.js";
import { checkoutReminders } from "./checkout-reminders.js";
import { abandonedCheckoutsReport } from "./checkout-report.js";
import { restoreCart, saveCheckout } from "./saved-checkouts.js";

/**
 * Winning back lost sales on WhatsApp (issue 42, decision 041): abandoned checkouts and
 * back-in-stock requests, whose messages the WhatsApp marketing queue sends.
 */
export async function winbackRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.whatsapp;
  // Back in stock first: a variant's units go to those who waited for them while they last.
  if (config) app.whatsappMarketing.push(backInStockAlerts(app, config), checkoutReminders(app, config));
  app.jobs.every("winback.lapse", 6 * 60 * 60_000, () => lapseOldRequests(app));

  app.post("/api/back-in-stock", { config: { access: "public" } }, async (request, reply) => {
    const input = parse(backInStockInput, request.body);
    const saved = await subscribe(app, input, networkKey(request.ip));
    reply.status(201);
    return saved;
  });

  const demandQuery = z.object({
    sort: z.enum(DEMAND_SORTS, { message: `sort must be one of ${DEMAND_SORTS.join(", ")}` }).default("waiting"),
  });
  app.get("/api/admin/back-in-stock", { config: { access: "agent" } }, (request) =>
    backInStockDemand(app.db, parse(demandQuery, request.query).sort),
  );

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
