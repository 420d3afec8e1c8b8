import type { FastifyInstance } from "fastify";
import { inArray } from "drizzle-orm";
import { deliveryIssueInput, leopardsSettingsInput, postexSettingsInput } from "@shared/schemas/couriers.js";
import { bookOrdersInput, courierSettingsInput, labelsQuery } from "@shared/schemas/shipping.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { loadItems, orderColumns, orderIdParam, toAdminOrder } from "../order-core/index.js";
import { listSettings } from "../settings/index.js";
import { bookOrders, cancelBooking, type ShippingDeps } from "./parcels/courier-booking.js";
import { ServedCities } from "./served-cities.js";
import { enabledCouriers } from "./couriers/courier-accounts.js";
import { followUpParcels } from "./parcels/courier-follow-up.js";
import { courierPaymentOf } from "./couriers/courier-payment.js";
import { registerCourierMessages } from "./parcels/courier-messages.js";
import {
  courierSettingsView,
  leopardsSettingsView,
  saveCourierSettings,
  saveLeopardsSettings,
  sealStoredCourierSecrets,
} from "./couriers/courier-settings.js";
import { resolveAsAgent, SEND_SHIPPER_ADVICE, sendShipperAdvice } from "./parcels/delivery-issues.js";
import { postexSettingsView, savePostexSettings } from "./couriers/postex-settings.js";
import { renderLabels } from "./labels/labels-pdf.js";
import { refuseUnpaidAdvances } from "../advance/index.js";
import { missingOrders } from "./manual-shipping.js";
import { actorOf, recordExport } from "../audit/index.js";

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

  // What the couriers change is told through the order core (the live queue, stock, the outbox).
  const deps = (): ShippingDeps => ({
    core: app.orderCore,
    db: app.db,
    secrets: app.secrets,
    whatsapp: !!app.config.whatsapp,
  });
  const followUp = () => followUpParcels(deps());

  // The courier follow-up: every connected courier is asked about its parcels. An outage throws,
  // and the runner tries again later.
  app.jobs.every(FOLLOW_UP_JOB, FOLLOW_UP_EVERY_MS, async () => {
    const run = await followUp();
    if (run.changed > 0) app.log.info({ ...run }, "courier follow-up recorded new parcel statuses");
  });
  app.jobs.register(SEND_SHIPPER_ADVICE, (payload) => sendShipperAdvice(deps(), String(payload.orderId)));
  if (app.config.whatsapp) registerCourierMessages(app, app.config.whatsapp);

  app.get("/api/admin/orders/labels.pdf", agent, async (request, reply) => {
    const { ids, paper } = parse(labelsQuery, request.query);
    const rows = await app.db.select(orderColumns).from(orders).where(inArray(orders.id, ids));
    if (rows.length < ids.length) {
      const missing = await missingOrders(app.db, ids);
      throw new AppError("NOT_FOUND", `${missing.length} of the selected orders no longer exist; reload the list`);
    }
    // A label tells the rider what to collect: not while an advance is owed (decision 027).
    await refuseUnpaidAdvances(app.db, ids);
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

  app.post("/api/admin/orders/book", { ...agent, config: { ...agent.config, auditsItself: true } }, async (request) => {
    const { ids, courier } = parse(bookOrdersInput, request.body);
    return bookOrders(deps(), ids, actorOf(request), courier);
  });

  app.post(
    "/api/admin/orders/:id/cancel-booking",
    { ...agent, config: { ...agent.config, auditsItself: true } },
    async (request) => {
      const id = orderIdParam(request.params);
      await cancelBooking(deps(), id, actorOf(request));
      return { cancelled: true };
    },
  );

  app.get("/api/admin/orders/:id/courier-payment", owner, async (request) =>
    courierPaymentOf(deps(), orderIdParam(request.params)),
  );

  app.post("/api/admin/couriers/follow-up", agent, async () => {
    const { checked, changed } = await followUp();
    return { checked, changed };
  });

  app.patch(
    "/api/admin/orders/:id/delivery-issue",
    { ...agent, config: { ...agent.config, auditsItself: true } },
    async (request) => {
      const id = orderIdParam(request.params);
      await resolveAsAgent(app.db, id, parse(deliveryIssueInput, request.body), actorOf(request));
      await app.orderCore.changed({ touched: [id] });
      app.jobs.wake(); // the shipper advice goes to the courier now
      return { resolved: true };
    },
  );

  app.get("/api/admin/couriers", agent, async () =>
    [...(await enabledCouriers(app.db, app.secrets)).values()].map((c) => ({ courier: c.id, name: c.name })),
  );
  // The checkout's City suggestions: the cities the switched-on couriers deliver to, kept for hours
  // (a courier connected or switched off here is seen at once; on another app server within 12 h).
  const served = new ServedCities(app.db, app.secrets, app.clock, app.log);
  app.get("/api/checkout/cities", { config: { access: "public" } }, async (_request, reply) => {
    reply.header("Cache-Control", "public, max-age=3600");
    return { cities: await served.list() };
  });
  const andForget = <T>(saved: T): T => {
    served.forget();
    return saved;
  };

  app.get("/api/admin/couriers/leopards", owner, async () => leopardsSettingsView(app.db, app.secrets));
  app.put("/api/admin/couriers/leopards", owner, async (request) =>
    andForget(await saveLeopardsSettings(app.db, app.secrets, parse(leopardsSettingsInput, request.body))),
  );
  app.get("/api/admin/couriers/postex", owner, async () => postexSettingsView(app.db, app.secrets));
  app.put("/api/admin/couriers/postex", owner, async (request) =>
    andForget(await savePostexSettings(app.db, app.secrets, parse(postexSettingsInput, request.body))),
  );

  app.get("/api/admin/courier-settings", owner, async () => courierSettingsView(app.db, app.secrets));

  app.put("/api/admin/courier-settings", owner, async (request) =>
    andForget(await saveCourierSettings(app.db, app.secrets, parse(courierSettingsInput, request.body))),
  );
}
