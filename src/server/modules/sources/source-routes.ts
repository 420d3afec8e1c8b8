import type { FastifyInstance } from "fastify";
import { sourceReport } from "./source-report.js";

/** GET /api/admin/analytics/sources: the Overview's orders by source (analytics: owner). */
export async function sourceRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/admin/analytics/sources", { config: { access: "owner" } }, async () => sourceReport(app.db));
}
