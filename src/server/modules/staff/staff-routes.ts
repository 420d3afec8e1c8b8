import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { newStaffInput, passwordChange, staffChange } from "@shared/schemas/staff.js";
import { AppError } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { startSession } from "../../plugins/auth.js";
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

  // Everyone's own password. Every session of the account ends (a stolen cookie included); the
  // caller is given a fresh one so they stay logged in here.
  app.post("/api/admin/password", { config: { access: "agent", auditsItself: true } }, async (request, reply) => {
    const { currentPassword, newPassword } = parse(passwordChange, request.body);
    const me = request.admin!;
    await changeOwnPassword(app.db, me, currentPassword, newPassword);
    await startSession(app, request, reply, me.id);
    return { ok: true };
  });
}
