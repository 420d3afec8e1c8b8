import type { FastifyInstance } from "fastify";
import { requireAdmin } from "../../plugins/auth.js";

const HEARTBEAT_MS = 25_000;

/** Server-sent events for the admin's orders table: an `orders` event whenever orders change. */
export async function orderEventsRoutes(app: FastifyInstance): Promise<void> {
  const open = new Set<() => void>();
  // Before the server stops accepting: an open stream would otherwise hold the close up.
  app.addHook("preClose", async () => {
    for (const end of open) end();
  });

  app.get("/api/admin/orders/events", { preHandler: requireAdmin, config: { access: "agent" } }, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 3000\n\n");
    const unsubscribe = app.orderEvents.subscribe(() => res.write("event: orders\ndata: changed\n\n"));
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    request.raw.on("close", end);
  });
}
