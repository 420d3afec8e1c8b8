import type { FastifyInstance } from "fastify";
import { loginInput, MESSAGES } from "@shared/index.js";
import { AppError } from "../../lib/app-error.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { KnownNetworks } from "./known-networks.js";
import { SESSION_COOKIE, startSession } from "./session-cookie.js";
import { checkCredentials, deleteSession } from "./auth-service.js";

export async function authRoutes(app: FastifyInstance): Promise<void> {
  // Tight per account and network, generous per network (many shoppers share one carrier-NAT
  // address). Each attempt is reserved before the password is checked, so a burst of parallel
  // guesses cannot all pass the check while the slow hash runs; a success gives it back.
  // The account-wide cap stops a guessing campaign spread over many networks, but only for
  // networks the account has not logged in from lately: nobody can lock the owner out of the
  // places they work from.
  const perAccountAndIp = new Throttle(5, 15 * 60_000, "failed login attempts", app.throttleStore);
  const perIp = new Throttle(50, 15 * 60_000, "failed login attempts from your network", app.throttleStore);
  const perAccount = new Throttle(
    200,
    15 * 60_000,
    "failed login attempts for this account from new networks",
    app.throttleStore,
  );
  const knownNetworks = new KnownNetworks(app.db, 30 * 24 * 3600_000);

  app.post("/api/admin/login", { config: { access: "public" } }, async (request, reply) => {
    const { username, password } = parse(loginInput, request.body);
    const accountKey = username.toLowerCase();
    const network = networkKey(request.ip);
    const clientKey = `${accountKey}\n${network}`;
    await perAccountAndIp.take(clientKey);
    await perIp.take(network);
    const known = await knownNetworks.has(username, network);
    if (!known) await perAccount.take(accountKey);
    const staff = await checkCredentials(app.db, username, password);
    if (staff === null) throw new AppError("UNAUTHORIZED", MESSAGES.invalidLogin);
    await perAccountAndIp.reset(clientKey);
    await perIp.refund(network);
    if (!known) await perAccount.refund(accountKey);
    await knownNetworks.add(staff.id, network);
    await startSession(app, request, reply, staff.id);
    return { username: staff.username, role: staff.role };
  });

  app.post("/api/admin/logout", { config: { access: "public" } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { ok: true };
  });

  app.get("/api/admin/session", { config: { access: "agent" } }, async (request) => {
    const admin = request.admin!;
    return { username: admin.username, role: admin.role };
  });
}
