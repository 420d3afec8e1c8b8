import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.js";
import { findSession } from "../modules/auth/auth-service.js";

export const SESSION_COOKIE = "store_admin";

declare module "fastify" {
  interface FastifyRequest {
    admin: { username: string } | null;
  }
}

/** Resolves the admin session (if any) for a request. */
export async function readAdmin(app: FastifyInstance, request: FastifyRequest): Promise<{ username: string } | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  return findSession(app.db, token);
}

/** preHandler for admin routes: 401 without a live session. */
export async function requireAdmin(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const admin = await readAdmin(this, request);
  if (!admin) throw new AppError("UNAUTHORIZED", "Please log in as the store admin to do this");
  request.admin = admin;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest("admin", null);
}
