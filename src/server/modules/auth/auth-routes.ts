import type { FastifyInstance } from "fastify";
import { loginInput, MESSAGES } from "@shared/index.js";
import { AppError } from "../../lib/app-error.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { readAdmin, SESSION_COOKIE } from "../../plugins/auth.js";
import { checkCredentials, createSession, deleteSession } from "./auth-service.js";

export async function authRoutes(app: FastifyInstance): Promise<void> {
  // Tight per account and address, generous per address (many shoppers share one carrier-NAT
  // address). Per account alone would let anyone lock the owner out with five wrong guesses; the
  // account-wide cap is high enough that only a guessing campaign from many addresses meets it.
  const perAccountAndIp = new Throttle(5, 15 * 60_000, "failed login attempts");
  const perIp = new Throttle(50, 15 * 60_000, "failed login attempts from your network");
  const perAccount = new Throttle(200, 15 * 60_000, "failed login attempts for this account");

  app.post("/api/admin/login", async (request, reply) => {
    const { username, password } = parse(loginInput, request.body);
    const accountKey = username.toLowerCase();
    const clientKey = `${accountKey}\n${request.ip}`;
    perAccountAndIp.check(clientKey);
    perIp.check(request.ip);
    perAccount.check(accountKey);
    const adminId = await checkCredentials(app.db, username, password);
    if (adminId === null) {
      perAccountAndIp.record(clientKey);
      perIp.record(request.ip);
      perAccount.record(accountKey);
      throw new AppError("UNAUTHORIZED", MESSAGES.invalidLogin);
    }
    perAccountAndIp.reset(clientKey);
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
