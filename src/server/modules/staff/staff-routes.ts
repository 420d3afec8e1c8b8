import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { newStaffInput, passwordChange, staffChange } from "@shared/schemas/staff.js";
import { AppError } from "../../lib/app-error.js";
import { networkKey } from "../../lib/network-key.js";
import { Throttle } from "../../lib/throttle.js";
import { parse } from "../../lib/validate.js";
import { startSession } from "../auth/index.js";
import { changeOwnPassword, changeStaff, createStaff, listStaff } from "./staff-service.js";

const usernameParam = z.object({ username: z.string().min(1).max(60) });

export async function staffRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/admin/staff", { config: { access: "owner", auditsItself: true } }, async () => listStaff(app.db));

  app.post("/api/admin/staff", { config: { access: "owner", auditsItself: true } }, async (request, reply) => {
    const account = await createStaff(app.db, request.admin!, parse(newStaffInput, request.body));
    reply.status(201);
    return account;
  });

  app.patch("/api/admin/staff/:username", { config: { access: "owner", auditsItself: true } }, async (request) => {
    const parsed = usernameParam.safeParse(request.params);
    if (!parsed.success) throw new AppError("NOT_FOUND", "No such staff account");
    return changeStaff(app.db, request.admin!, parsed.data.username, parse(staffChange, request.body));
  });

  // The current-password check is a password oracle for whoever holds a stolen session cookie:
  // throttled like login (per account and network, and per network), each try counted before the
  // slow hash runs so parallel guesses cannot all pass; the right password gives its try back.
  const perAccountAndNetwork = new Throttle(5, 15 * 60_000, "wrong current passwords", app.throttleStore);
  const perNetwork = new Throttle(50, 15 * 60_000, "wrong current passwords from your network", app.throttleStore);

  // Everyone's own password. Every session of the account ends (a stolen cookie included); the
  // caller is given a fresh one so they stay logged in here.
  app.post("/api/admin/password", { config: { access: "agent", auditsItself: true } }, async (request, reply) => {
    const { currentPassword, newPassword } = parse(passwordChange, request.body);
    const me = request.admin!;
    const network = networkKey(request.ip);
    const key = `${me.id}\n${network}`;
    await perAccountAndNetwork.take(key);
    await perNetwork.take(network);
    await changeOwnPassword(app.db, me, currentPassword, newPassword);
    await perAccountAndNetwork.reset(key);
    await perNetwork.refund(network);
    await startSession(app, request, reply, me.id);
    return { ok: true };
  });
}
