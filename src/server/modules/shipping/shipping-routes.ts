import type { FastifyInstance } from "fastify";
import { inArray } from "drizzle-orm";
import { bookOrdersInput, bulkStatusInput, courierSettingsInput, labelsQuery } from "@shared/schemas/shipping.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { loadItems, orderColumns, toAdminOrder } from "../order-core/order-serialise.js";
import { listSettings } from "../settings/settings-service.js";
import { bookOrders, followUpParcels } from "./courier-booking.js";
import { courierSettingsView, saveCourierSettings, sealStoredCourierSecrets } from "./courier-settings.js";
import { renderLabels } from "./labels-pdf.js";
import { missingOrders, setStatusOfMany } from "./manual-shipping.js";
import { actorOf, recordExport } from "../audit/audit.js";
import { refuseShortStock } from "../stock/stock-release.js";

export const FOLLOW_UP_JOB = "courier.follow-up";
export const FOLLOW_UP_EVERY_MS = 30 * 60_000;

/** Shipping from the orders table: labels, bulk status, courier booking, and the courier connection. */
export async function shippingRoutes(app: FastifyInstance): Promise<void> {
  const agent = { config: { access: "agent" as const } };
  const owner = { config: { access: "owner" as const } };

  // Credentials saved in plain text by an earlier version are sealed once the app is ready.
  app.addHook("onReady", async () => {
    const warning = await sealStoredCourierSecrets(app.db, app.secrets);
    if (warning) app.log.warn(warning);
  });

  // The courier follow-up: booked parcels move to delivered or returned as Leopards reports them.
  // An outage throws, and the runner tries again later.
  app.jobs.every(FOLLOW_UP_JOB, FOLLOW_UP_EVERY_MS, async () => {
    const run = await followUpParcels(app.orderCore, app.secrets);
    if (run.changed > 0) app.log.info({ ...run }, "courier follow-up moved parcels");
  });

  app.get("/api/admin/orders/labels.pdf", agent, async (request, reply) => {
    const { ids, paper } = parse(labelsQuery, request.query);
    const rows = await app.db.select(orderColumns).from(orders).where(inArray(orders.id, ids));
    if (rows.length < ids.length) {
      const missing = await missingOrders(app.db, ids);
      throw new AppError("NOT_FOUND", `${missing.length} of the selected orders no longer exist; reload the list`);
    }
    // Labels carry names, phones and addresses: each printed order gets its line in the audit log.
    await recordExport(app.db, request, { action: "export.labels", orderIds: ids, details: { paper } });
    const items = await loadItems(app.db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const chosen = ids.map((id) => toAdminOrder(byId.get(id)!, items.get(id) ?? []));
    const siteName = (await listSettings(app.db)).find((s) => s.key === "site_name")?.value;
    const pdf = await renderLabels(chosen, { name: typeof siteName === "string" ? siteName : "Store" }, paper);
    reply.type("application/pdf").header("Content-Disposition", `inline; filename="labels-${ids.length}-${paper}.pdf"`);
    return reply.send(Buffer.from(pdf));
  });

  app.patch("/api/admin/orders", { ...agent, config: { ...agent.config, auditsItself: true } }, async (request) => {
    const { ids, status } = parse(bulkStatusInput, request.body);
    return refuseShortStock(app.db, ids, () => setStatusOfMany(app.orderCore, ids, status, actorOf(request)));
  });

  app.post("/api/admin/orders/book", { ...agent, config: { ...agent.config, auditsItself: true } }, async (request) => {
    const { ids } = parse(bookOrdersInput, request.body);
    return bookOrders(app.orderCore, app.secrets, ids, actorOf(request));
  });

  app.get("/api/admin/courier-settings", owner, async () => courierSettingsView(app.db, app.secrets));

  app.put("/api/admin/courier-settings", owner, async (request) =>
    saveCourierSettings(app.db, app.secrets, parse(courierSettingsInput, request.body)),
  );
}
