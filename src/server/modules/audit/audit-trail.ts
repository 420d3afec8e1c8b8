import type { FastifyInstance } from "fastify";
import { recordAudit } from "./audit.js";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SECRET_FIELD = /password|token|secret|apikey|api_key/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A JSON body as the audit keeps it: secrets blanked, files and forms left out. */
function keptBody(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== "object" || Buffer.isBuffer(body) || Array.isArray(body)) return null;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_FIELD.test(k) ? "(hidden)" : v]));
}

/**
 * Every successful staff change is in the audit log: routes that know the before and after write
 * their own line (`config.auditsItself`); for the rest this writes who, when, which call, on what,
 * and what was sent.
 */
export function registerAuditTrail(app: FastifyInstance): void {
  // Before the answer leaves, so whoever sees the answer also finds the line.
  app.addHook("onSend", async (request, reply, payload) => {
    const config = request.routeOptions.config;
    if (!request.admin || !MUTATIONS.has(request.method) || reply.statusCode >= 400) return payload;
    if (config?.auditsItself || config?.access === "public") return payload;
    const url = request.routeOptions.url ?? request.url.split("?", 1)[0];
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    const entityId = Object.values(params).find(Boolean) ?? "";
    await recordAudit(app.db, {
      actor: request.admin.username,
      action: `${request.method} ${url}`,
      entity: url.replace(/^\/api\/(admin\/)?/, "").split("/")[0] || "store",
      entityId,
      orderId: url.includes("/orders/") && UUID.test(entityId) ? entityId : null,
      after: keptBody(request.body),
    }).catch((err) => request.log.error({ err }, "audit line not written"));
    return payload;
  });
}
