import type { FastifyInstance } from "fastify";
import { loginInput, MESSAGES } from "@shared/index.js";
import { AppError } from "../../lib/app-error.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { readAdmin, SESSION_COOKIE } from "../../plugins/auth.js";
import { checkCredentials, createSession, deleteSession } from "./auth-service.js";

export async function authRoutes(app: FastifyInstance): Promise<void> {
  // Tight per account, generous per IP (many shoppers share one carrier-NAT address).
  const perAccount = new Throttle(5, 15 * 60_000, "failed login attempts");
  const perIp = new Throttle(50, 15 * 60_000, "failed login attempts from your network");

  app.post("/api/admin/login", async (request, reply) => {
    const { username, password } = parse(loginInput, request.body);
    const accountKey = username.toLowerCase();
    perAccount.check(accountKey);
    perIp.check(request.ip);
    const adminId = await checkCredentials(app.db, username, password);
    if (adminId === null) {
      perAccount.record(accountKey);
      perIp.record(request.ip);
      throw new AppError("UNAUTHORIZED", MESSAGES.invalidLogin);
    }
    perAccount.reset(accountKey);
    const { token, expiresAt } = await createSession(app.db, adminId, app.config.sessionTtlHours);
    reply.setCookie(SESSION_COOKIE, token, {
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      secure: request.protocol === "https",
      expires: expiresAt,
    });
    return { username };
  });

  app.post("/api/admin/logout", async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { ok: true };
  });

  app.get("/api/admin/session", async (request) => {
    const admin = await readAdmin(app, request);
    if (!admin) throw new AppError("UNAUTHORIZED", "Not logged in");
    return admin;
  });
}
