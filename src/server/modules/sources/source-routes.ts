import type { FastifyInstance } from "fastify";
import { requireAdmin } from "../../plugins/auth.js";
import { sourceReport } from "./source-report.js";

/** GET /api/admin/analytics/sources: the Overview's orders by source (analytics: owner). */
export async function sourceRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/admin/analytics/sources", { preHandler: requireAdmin, config: { access: "owner" } }, async () =>
    sourceReport(app.db),
  );
}
