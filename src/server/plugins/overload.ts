import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AsyncLocalStorage } from "node:async_hooks";
import { AppError } from "../lib/app-error.js";
import { watchBodyRate } from "./body-rate.js";

export interface OverloadConfig {
  /** Requests admitted at once; beyond this a request is answered 503 at once. 0 turns it off. */
  maxRequestsInFlight?: number;
  /** Mean event-loop delay (ms) over a sample above which requests are answered 503. 0 turns it off. */
  maxEventLoopDelayMs?: number;
  /** How often the event-loop delay is sampled (ms). */
  sampleIntervalMs?: number;
  /** The Retry-After a shed request is given (seconds). */
  retryAfterSeconds?: number;
  /** A body arriving slower than this on average (bytes a second), once `bodyGraceMs` has passed, is cut off. 0 turns it off. */
  minBodyBytesPerSecond?: number;
  /** How long a body may arrive at any pace before the floor applies (ms). */
  bodyGraceMs?: number;
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
 * The body floor (2 KB/s after 10 s) is far below a weak mobile upload (2G sends 5 KB/s and
 * more); a photo that slow would not beat the request time-out anyway.
 */
export function overloadDefaults(databaseKind: "pglite" | "postgres"): Required<OverloadConfig> {
  return {
    maxRequestsInFlight: databaseKind === "pglite" ? 64 : 256,
    maxEventLoopDelayMs: databaseKind === "pglite" ? 5000 : 2000,
    sampleIntervalMs: 1000,
    retryAfterSeconds: 2,
    minBodyBytesPerSecond: 2048,
    bodyGraceMs: 10_000,
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** What the overload guard sees, for /api/health. */
    load: { inFlight(): number; receiving(): number; maxInFlight: number; saturated(): boolean };
  }
  interface FastifyRequest {
    /** The body has all arrived: the request stops "receiving" and takes a place in flight (503 when none is free). */
    bodyArrived(): void;
    /** Runs work done while the body is still arriving (an upload's early checks) in a place of its own. */
    withPlace<T>(work: () => Promise<T>): Promise<T>;
    /** Reading an upload: rejects with 408 (and the connection closes) if its body arrives too slowly. */
    whileArriving<T>(reading: Promise<T>): Promise<T>;
    /** A long-lived answer (an event stream) that waits rather than works gives its place back. */
    givePlaceBack(): void;
  }
  interface FastifyContextConfig {
    /**
     * The handler reads a multipart form itself (readMultipart): the request holds no place while
     * the form arrives, and takes one once it has all arrived.
     */
    upload?: boolean;
  }
}

export const OVERLOAD_MESSAGE = "The store is very busy right now. Please try again in a few seconds.";
export const BODY_TOO_SLOW_MESSAGE =
  "Your upload was arriving too slowly and was stopped. Check your connection and try again, with fewer or smaller photos if it keeps happening.";

// The load balancer must still hear from a busy server, or it takes a healthy one out of rotation.
const isExempt = (request: FastifyRequest) => request.url === "/api/health" || request.url.startsWith("/api/health?");

const isMultipart = (request: FastifyRequest) =>
  /^multipart\/form-data\b/i.test(String(request.headers["content-type"] ?? ""));

/** An upload whose form its handler reads: no place until the form has arrived. */
const isArrivingUpload = (request: FastifyRequest) =>
  request.routeOptions.config?.upload === true && isMultipart(request);

const internalReads = new AsyncLocalStorage<true>();

/**
 * Runs the server renderer's own API reads (app.inject): they are part of the page request,
 * which already holds a place, so they take none of their own. Unforgeable: only code running
 * inside `read` is in this context, never a request from a socket.
 */
export function internalRead<T>(read: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: app.inject only starts when awaited, and must start within the context.
  return internalReads.run(true, async () => await read());
}

/**
 * Sheds load instead of timing everyone out: over the in-flight limit, or while the event loop
 * lags, a request gets 503 with Retry-After and our `{error}` body before its handler runs.
 * Nothing is remembered between bursts, so the server recovers by itself as soon as it catches up.
 * Register it first, so shed requests skip every other hook.
 */
export async function registerOverload(app: FastifyInstance, config: OverloadConfig = {}): Promise<void> {
  const limits = {
    ...overloadDefaults(app.database.kind),
    ...Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined)),
  };
  const { maxRequestsInFlight, maxEventLoopDelayMs, sampleIntervalMs, retryAfterSeconds } = limits;
  app.decorateRequest("bodyArrived", () => {});
  app.decorateRequest("withPlace", <T>(work: () => Promise<T>) => work());
  app.decorateRequest("whileArriving", <T>(reading: Promise<T>) => reading);
  app.decorateRequest("givePlaceBack", () => {});
  const busy = () =>
    new AppError("UNAVAILABLE", OVERLOAD_MESSAGE, undefined, { "Retry-After": String(retryAfterSeconds) });
  const bodyFloor = { minBytesPerSecond: limits.minBodyBytesPerSecond, graceMs: limits.bodyGraceMs, clock: app.clock };
  const tooSlow = () => new AppError("REQUEST_TIMEOUT", BODY_TOO_SLOW_MESSAGE, undefined, { Connection: "close" });

  // A place is taken only once the body has arrived (preValidation runs after parsing; an upload
  // takes it when its handler has read the form): a client that sends headers and then stalls or
  // trickles holds a socket until it is cut off, never a place in line. Still-arriving bodies are
  // counted apart, so /api/health can say how many there are.
  let inFlight = 0;
  let receiving = 0;
  app.decorate("load", {
    inFlight: () => inFlight,
    receiving: () => receiving,
    maxInFlight: maxRequestsInFlight,
    saturated: () => maxRequestsInFlight > 0 && inFlight >= maxRequestsInFlight,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (isExempt(request) || internalReads.getStore()) return;
    receiving++;
    let arriving = true;
    let placed = false;
    let cutOffReading: ((err: AppError) => void) | undefined;
    const takePlace = () => {
      if (placed || maxRequestsInFlight <= 0) return;
      if (inFlight >= maxRequestsInFlight) throw busy();
      inFlight++;
      placed = true;
    };
    request.givePlaceBack = () => {
      if (!placed) return;
      placed = false;
      inFlight--;
    };
    const stopReceiving = () => {
      if (!arriving) return;
      arriving = false;
      receiving--;
    };
    request.bodyArrived = () => {
      stopReceiving();
      takePlace();
    };
    request.withPlace = async (work) => {
      if (placed) return work();
      takePlace();
      try {
        return await work();
      } finally {
        request.givePlaceBack();
      }
    };
    request.whileArriving = (reading) =>
      new Promise((resolve, reject) => {
        cutOffReading = reject;
        reading.then(resolve, reject).finally(() => (cutOffReading = undefined));
      });
    // "close" fires once per response, whether it was sent or the client went away mid-way.
    reply.raw.once("close", () => {
      stopReceiving();
      request.givePlaceBack();
    });
    // An upload's reader answers 408 with a reason; a body read by Fastify's own parser (JSON,
    // 1 MB at most) has no one to answer it, and its connection is dropped.
    watchBodyRate(request, reply, bodyFloor, () => {
      if (cutOffReading) cutOffReading(tooSlow());
      else request.raw.destroy();
    });
  });
  app.addHook("preValidation", async (request) => {
    if (!isArrivingUpload(request)) request.bodyArrived();
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
