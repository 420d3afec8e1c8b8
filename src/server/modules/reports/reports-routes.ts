import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { analyticsQuery, ordersCsvQuery } from "@shared/schemas/admin.js";
import { parse } from "../../lib/validate.js";
import { recordExport } from "../audit/index.js";
import { computeAnalytics } from "./analytics-service.js";
import { computeCustomers } from "./customers-service.js";
import { ordersCsvLines } from "./orders-csv.js";
import { storeClock } from "./store-time.js";

/** The admin's reports: Overview analytics, the Customers tab and the orders export. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/admin/analytics", { config: { access: "owner" } }, async (request) => {
    const query = parse(analyticsQuery, request.query);
    return computeAnalytics(app.db, query);
  });

  // Every customer's name, phone and city at once: who looked is in the audit log.
  app.get("/api/admin/customers", { config: { access: "agent" } }, async (request) => {
    await recordExport(app.db, request, { action: "export.customers" });
    return computeCustomers(app.db);
  });

  app.get("/api/admin/orders.csv", { config: { access: "owner" } }, async (request, reply) => {
    const { status } = parse(ordersCsvQuery, request.query);
    const only = status === "all" ? undefined : status;
    const filename = `orders-${only ?? "all"}-${storeClock().date}.csv`;
    await recordExport(app.db, request, { action: "export.orders-csv", details: { status, filename } });
    reply.type("text/csv; charset=utf-8").header("Content-Disposition", `attachment; filename="${filename}"`);
    return reply.send(Readable.from(ordersCsvLines(app.db, only)));
  });
}
