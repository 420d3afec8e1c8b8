import { EventEmitter } from "node:events";
import type { FastifyInstance } from "fastify";

const CHANNEL = "orders_changed";
/** Many orders in a burst make one event per this interval, not one each. */
const COALESCE_MS = 250;

export interface OrderEvents {
  /** Something about the orders changed (placed, confirmed, cancelled, a message state). */
  publish(): void;
  /** Calls `listener` on every change, from this app server or (on PostgreSQL) any other. */
  subscribe(listener: () => void): () => void;
}

declare module "fastify" {
  interface FastifyInstance {
    orderEvents: OrderEvents;
  }
}

/**
 * "Orders changed" events for the admin's live queue. On PostgreSQL they travel by
 * LISTEN/NOTIFY, so an order placed on another app server arrives too; on PGlite (one process)
 * they stay in memory. Publishing is coalesced: at most one NOTIFY per interval per server.
 */
export function registerOrderEvents(app: FastifyInstance): void {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const database = app.database;
  let unlisten: (() => Promise<void>) | null = null;
  let listening: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let pending = false;

  const deliver = () => local.emit("changed");
  const flush = () => {
    timer = null;
    if (!pending) return;
    pending = false;
    if (database.notify) database.notify(CHANNEL).catch((err) => app.log.warn({ err }, "orders_changed notify failed"));
    else deliver();
    timer = setTimeout(flush, COALESCE_MS);
    timer.unref();
  };

  const events: OrderEvents = {
    publish() {
      pending = true;
      if (!timer) flush();
    },
    subscribe(listener) {
      if (database.subscribe && !listening)
        listening = database.subscribe(CHANNEL, deliver).then(
          (stop) => void (unlisten = stop),
          (err) => app.log.warn({ err }, "could not LISTEN for orders_changed"),
        );
      local.on("changed", listener);
      return () => local.off("changed", listener);
    },
  };
  app.decorate("orderEvents", events);
  app.addHook("onClose", async () => {
    if (timer) clearTimeout(timer);
    await listening;
    await unlisten?.();
  });
}
