import type { FastifyReply, FastifyRequest } from "fastify";
import net from "node:net";
import type { Clock } from "../jobs/clock.js";

export interface BodyRateLimits {
  /** The slowest average pace (bytes a second) a body may arrive at once the grace has passed. */
  minBytesPerSecond: number;
  /** How long a body may take at any pace first (ms): a phone on a weak network starts slowly. */
  graceMs: number;
  /** Reads `now()`: the tests move a ManualClock instead of waiting. */
  clock: Clock;
}

/** How often a body still arriving is measured (ms of real time). */
const CHECK_EVERY_MS = 1000;

const hasBody = (request: FastifyRequest) =>
  request.headers["transfer-encoding"] !== undefined ||
  (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0");

/**
 * Watches a body as it arrives over a real socket and calls `tooSlow` once its average pace
 * since the headers falls below the floor: one byte every twenty seconds keeps a connection
 * from ever being idle, so the idle time-out alone lets a trickling client hold it for minutes.
 * Counts the socket's bytes (reading the body here would take it from its parser). Injected
 * requests have no socket to measure and are not watched.
 */
export function watchBodyRate(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: BodyRateLimits,
  tooSlow: () => void,
): void {
  const socket = request.raw.socket;
  if (limits.minBytesPerSecond <= 0 || !(socket instanceof net.Socket) || !hasBody(request)) return;
  const startBytes = socket.bytesRead;
  const startMs = limits.clock.now().getTime();
  const stop = () => clearInterval(timer);
  const timer = setInterval(() => {
    if (request.raw.complete || socket.destroyed) return stop();
    const elapsedMs = limits.clock.now().getTime() - startMs;
    if (elapsedMs < limits.graceMs) return;
    if ((socket.bytesRead - startBytes) * 1000 >= limits.minBytesPerSecond * elapsedMs) return;
    stop();
    tooSlow();
  }, CHECK_EVERY_MS);
  timer.unref();
  reply.raw.once("close", stop);
}
