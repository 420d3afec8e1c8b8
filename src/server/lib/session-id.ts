import type { FastifyRequest } from "fastify";
import { sessionId as sessionIdSchema } from "@shared/schemas/cart.js";
import { AppError } from "./app-error.js";

/** The browser's cart session id: the X-Session-Id header, or ?sessionId= on reads. Undefined when absent. */
export function optionalSessionId(request: FastifyRequest): string | undefined {
  const header = request.headers["x-session-id"];
  const query = (request.query as Record<string, unknown> | undefined)?.sessionId;
  const raw = typeof header === "string" && header ? header : typeof query === "string" && query ? query : undefined;
  if (raw === undefined) return undefined;
  const parsed = sessionIdSchema.safeParse(raw.trim());
  if (!parsed.success) throw new AppError("VALIDATION", "The cart session id (X-Session-Id) must be a UUID");
  return parsed.data.toLowerCase();
}

export function requireSessionId(request: FastifyRequest): string {
  const id = optionalSessionId(request);
  if (!id) throw new AppError("VALIDATION", "Send the browser's cart session id in the X-Session-Id header");
  return id;
}
