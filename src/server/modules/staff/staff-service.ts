import { and, asc, eq, ne } from "drizzle-orm";
import type { NewStaffInput, StaffAccount, StaffChange } from "@shared/schemas/staff.js";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { admins, adminSessions } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import { type StaffMember, hashPassword, verifyPassword } from "../auth/index.js";
import { recordAudit } from "../audit/index.js";

const columns = {
  username: admins.username,
  role: admins.role,
  disabled: admins.disabled,
  createdAt: admins.createdAt,
};
const toAccount = (row: { username: string; role: "owner" | "agent"; disabled: boolean; createdAt: string }) => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
});

export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await db.select(columns).from(admins).orderBy(asc(admins.username)).limit(500);
  return rows.map(toAccount);
}

export async function createStaff(db: Db, by: StaffMember, input: NewStaffInput): Promise<StaffAccount> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(admins)
        .values({ username: input.username, passwordHash, role: input.role })
        .returning(columns);
      await recordAudit(tx, {
        actor: by.username,
        action: "staff.create",
        entity: "staff",
        entityId: row.username,
        after: { role: row.role, disabled: false },
      });
      return toAccount(row);
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError("CONFLICT", `There is already an account named ${input.username}; choose another username`);
    throw err;
  }
}

/**
 * Changes another account's role, password or disabled flag. A new password or a disabled
 * account ends that account's sessions in the same transaction. The store always keeps one
 * enabled owner, so nobody demotes or disables the last one.
 */
export async function changeStaff(
  db: Db,
  by: StaffMember,
  username: string,
  change: StaffChange,
): Promise<StaffAccount> {
  const passwordHash = change.password === undefined ? undefined : await hashPassword(change.password);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(admins).where(eq(admins.username, username)).for("update");
    if (!current) throw new AppError("NOT_FOUND", `No staff account is named ${username}`);
    const losesOwner =
      current.role === "owner" && !current.disabled && (change.role === "agent" || change.disabled === true);
    if (losesOwner) {
      const owners = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(and(eq(admins.role, "owner"), eq(admins.disabled, false), ne(admins.id, current.id)))
        .for("update");
      if (owners.length === 0)
        throw new AppError("CONFLICT", "The store needs at least one owner: make another account owner first");
    }
    const [row] = await tx
      .update(admins)
      .set({
        ...(change.role !== undefined && { role: change.role }),
        ...(change.disabled !== undefined && { disabled: change.disabled }),
        ...(passwordHash !== undefined && { passwordHash }),
      })
      .where(eq(admins.id, current.id))
      .returning(columns);
    if (passwordHash !== undefined || change.disabled === true)
      await tx.delete(adminSessions).where(eq(adminSessions.adminId, current.id));
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (change.role !== undefined && change.role !== current.role) [before.role, after.role] = [current.role, row.role];
    if (change.disabled !== undefined && change.disabled !== current.disabled)
      [before.disabled, after.disabled] = [current.disabled, row.disabled];
    // A password itself never goes into the log; that it changed does.
    if (passwordHash !== undefined) [before.password, after.password] = ["(old)", "(changed)"];
    await recordAudit(tx, {
      actor: by.username,
      action: "staff.update",
      entity: "staff",
      entityId: username,
      before,
      after,
    });
    return toAccount(row);
  });
}

/** A staff member's own password: the current one is required; every session of the account ends. */
export async function changeOwnPassword(
  db: Db,
  me: StaffMember,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const [row] = await db.select().from(admins).where(eq(admins.id, me.id));
  if (!row || !(await verifyPassword(currentPassword, row.passwordHash)))
    throw new AppError("FORBIDDEN", "Your current password is not right; type it again");
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, me.id));
    await tx.delete(adminSessions).where(eq(adminSessions.adminId, me.id));
    await recordAudit(tx, {
      actor: me.username,
      action: "staff.password",
      entity: "staff",
      entityId: me.username,
      before: { password: "(old)" },
      after: { password: "(changed)" },
    });
  });
}
