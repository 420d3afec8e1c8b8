import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/health", async (_request, reply) => {
    const database = await app.database.ping().catch(() => false);
    reply.status(database ? 200 : 503);
    return {
      status: database ? "ok" : "unavailable",
      database: database ? app.database.kind : "down",
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}
