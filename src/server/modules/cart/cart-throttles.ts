import type { FastifyInstance, FastifyRequest } from "fastify";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";

/** Cart writes (add, change, remove) a browser session and a network may make per window. */
export const CART_WRITES_PER_SESSION = 300;
export const CART_WRITES_PER_NETWORK = 1500;
const WINDOW_MS = 10 * 60_000;

/**
 * Every cart write is a database write, and a session id is any UUID the client makes up: without
 * a cap one client fills the cart table and keeps the database busy. The limits sit far above a
 * shopper's clicks (five a minute for ten minutes from one browser), and many shoppers behind
 * one carrier-NAT address share the network's, so only a script meets them.
 */
export function cartWriteThrottle(app: FastifyInstance) {
  const perSession = new Throttle(
    CART_WRITES_PER_SESSION,
    WINDOW_MS,
    "cart changes from this browser",
    app.throttleStore,
  );
  const perNetwork = new Throttle(
    CART_WRITES_PER_NETWORK,
    WINDOW_MS,
    "cart changes from your network",
    app.throttleStore,
  );
  return async (request: FastifyRequest, sessionId: string): Promise<void> => {
    await perSession.take(sessionId);
    await perNetwork.take(networkKey(request.ip));
  };
}
