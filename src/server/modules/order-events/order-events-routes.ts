import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.js";

const HEARTBEAT_MS = 25_000;

/**
 * Open streams are bounded here, not by the in-flight limit: a stream waits rather than works, so
 * it gives its place back once open, and admin tabs never take capacity from shoppers.
 */
export const MAX_STREAMS_PER_STAFF = 8;
export const MAX_STREAMS = 64;

/** Server-sent events for the admin's orders table: an `orders` event whenever orders change. */
export async function orderEventsRoutes(app: FastifyInstance): Promise<void> {
  const open = new Set<() => void>();
  const perStaff = new Map<number, number>();
  // Before the server stops accepting: an open stream would otherwise hold the close up.
  app.addHook("preClose", async () => {
    for (const end of open) end();
  });

  app.get("/api/admin/orders/events", { config: { access: "agent" } }, (request, reply) => {
    const staffId = request.admin!.id;
    const mine = perStaff.get(staffId) ?? 0;
    if (mine >= MAX_STREAMS_PER_STAFF)
      throw new AppError(
        "RATE_LIMITED",
        `Live updates are already open in ${mine} tabs for this account; close some admin tabs and reload this one.`,
      );
    if (open.size >= MAX_STREAMS)
      throw new AppError(
        "UNAVAILABLE",
        "Too many live order views are open on this server; the orders list still works, reload it to see changes.",
        undefined,
        { "Retry-After": "60" },
      );
    reply.hijack();
    request.givePlaceBack();
    perStaff.set(staffId, mine + 1);
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
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      const left = (perStaff.get(staffId) ?? 1) - 1;
      if (left > 0) perStaff.set(staffId, left);
      else perStaff.delete(staffId);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    request.raw.on("close", end);
    res.on("close", end);
  });
}
