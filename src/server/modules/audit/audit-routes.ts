import type { FastifyInstance } from "fastify";
import { auditQuery } from "@shared/schemas/staff.js";
import { parse } from "../../lib/validate.js";
import { listAudit } from "./audit.js";

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/admin/audit", { config: { access: "owner" } }, async (request) =>
    listAudit(app.db, parse(auditQuery, request.query)),
  );
}
