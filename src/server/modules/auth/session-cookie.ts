import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createSession, findSession, type StaffMember } from "./auth-service.js";

export const SESSION_COOKIE = "store_admin";

/** Starts a session for a staff member and hands the browser its cookie (HTTP-only, same-site, secure over HTTPS). */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  staffId: number,
): Promise<void> {
  const { token, expiresAt } = await createSession(app.db, staffId, app.config.sessionTtlHours);
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure: request.protocol === "https",
    expires: expiresAt,
  });
}

/** Resolves the staff session (if any) for a request: a live session of an account that is not disabled. */
export async function readAdmin(app: FastifyInstance, request: FastifyRequest): Promise<StaffMember | null> {
  if (request.admin) return request.admin;
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  return findSession(app.db, token);
}
