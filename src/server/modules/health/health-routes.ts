import type { FastifyInstance } from "fastify";
import { backupHealth } from "../upkeep/index.js";

/**
 * The server and database state, and the load as the overload guard sees it: while every place
 * is taken the answer is 503 "busy", so a load balancer sends shoppers to another server.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/health", { config: { access: "public" } }, async (_request, reply) => {
    const database = await app.database.ping().catch(() => false);
    const busy = app.load.saturated();
    reply.status(database && !busy ? 200 : 503);
    return {
      status: !database ? "unavailable" : busy ? "busy" : "ok",
      database: database ? app.database.kind : "down",
      uptimeSeconds: Math.round(process.uptime()),
      requestsInFlight: app.load.inFlight(),
      maxRequestsInFlight: app.load.maxInFlight,
      requestsReceivingBody: app.load.receiving(),
      // The embedded database's newest backup: its time and whether it is recent (null on PostgreSQL).
      backup: await backupHealth(app),
    };
  });
}
