import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.js";

export interface OverloadConfig {
  /** Requests admitted at once; beyond this a request is answered 503 at once. 0 turns it off. */
  maxRequestsInFlight?: number;
  /** Mean event-loop delay (ms) over a sample above which requests are answered 503. 0 turns it off. */
  maxEventLoopDelayMs?: number;
  /** How often the event-loop delay is sampled (ms). */
  sampleIntervalMs?: number;
  /** The Retry-After a shed request is given (seconds). */
  retryAfterSeconds?: number;
}

/**
 * Production defaults. PGlite runs one query at a time on the event loop itself: a queue of
 * admitted requests keeps the loop busy (health checks and 503s wait behind it), so it admits
 * fewer than PostgreSQL, whose queries wait off the loop. Past the limit, an immediate "try again"
 * serves shoppers better than a page that spins until their browser gives up.
 * The counter only sees requests the loop has read, though, and on PGlite an admitted order runs
 * its queries back to back without yielding, so under a burst the queue forms in the socket
 * buffers, unseen, and shows as event-loop lag. The lag check sheds that; its PGlite threshold is
 * high because fifty simultaneous orders (a legitimate burst) already lag two seconds on a busy
 * two-core machine, and refusing shoppers after such a burst is over helps nobody.
 */
export function overloadDefaults(databaseKind: "pglite" | "postgres"): Required<OverloadConfig> {
  return {
    maxRequestsInFlight: databaseKind === "pglite" ? 64 : 256,
    maxEventLoopDelayMs: databaseKind === "pglite" ? 5000 : 2000,
    sampleIntervalMs: 1000,
    retryAfterSeconds: 2,
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** What the overload guard sees, for /api/health. */
    load: { inFlight(): number; receiving(): number; maxInFlight: number; saturated(): boolean };
  }
  interface FastifyRequest {
    bodyArrived(): void;
  }
}

export const OVERLOAD_MESSAGE = "The store is very busy right now. Please try again in a few seconds.";

// The load balancer must still hear from a busy server, or it takes a healthy one out of rotation.
const isExempt = (request: FastifyRequest) => request.url === "/api/health" || request.url.startsWith("/api/health?");

/**
 * Sheds load instead of timing everyone out: over the in-flight limit, or while the event loop
 * lags, a request gets 503 with Retry-After and our `{error}` body before its handler runs.
 * Nothing is remembered between bursts, so the server recovers by itself as soon as it catches up.
 * Register it first, so shed requests skip every other hook.
 */
export async function registerOverload(app: FastifyInstance, config: OverloadConfig = {}): Promise<void> {
  const { maxRequestsInFlight, maxEventLoopDelayMs, sampleIntervalMs, retryAfterSeconds } = {
    ...overloadDefaults(app.database.kind),
    ...Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)),
  };
  app.decorateRequest("bodyArrived", () => {});
  const busy = () =>
    new AppError("UNAVAILABLE", OVERLOAD_MESSAGE, undefined, { "Retry-After": String(retryAfterSeconds) });

  // Counted only once the body has arrived (preValidation runs after parsing): a client that
  // sends headers and a Content-Length and then stalls holds a socket until the server's
  // connection/request time-out, never a place in line. Still-arriving bodies are counted
  // apart, so /api/health can say how many there are.
  let inFlight = 0;
  let receiving = 0;
  app.decorate("load", {
    inFlight: () => inFlight,
    receiving: () => receiving,
    maxInFlight: maxRequestsInFlight,
    saturated: () => maxRequestsInFlight > 0 && inFlight >= maxRequestsInFlight,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (isExempt(request)) return;
    receiving++;
    let arrived = false;
    request.bodyArrived = () => {
      if (arrived) return;
      arrived = true;
      receiving--;
    };
    // "close" fires once per response, whether it was sent or the client went away mid-way.
    reply.raw.once("close", () => request.bodyArrived());
  });
  app.addHook("preValidation", async (request, reply) => {
    if (isExempt(request)) return;
    request.bodyArrived();
    if (maxRequestsInFlight <= 0) return;
    if (inFlight >= maxRequestsInFlight) throw busy();
    inFlight++;
    reply.raw.once("close", () => inFlight--);
  });

  if (maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      sampleInterval: sampleIntervalMs,
      retryAfter: retryAfterSeconds,
      // A rejected promise goes to our error handler (the `{error}` body); undefined lets it through.
      pressureHandler: async (request) => {
        if (!isExempt(request)) throw busy();
      },
    });
  }
}
