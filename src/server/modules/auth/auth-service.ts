import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { admins, adminSessions } from "../../db/schema.js";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords.js";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Creates the account, or sets the password (and role) of an existing one and enables it:
 * how ADMIN_USERNAME / ADMIN_PASSWORD make the owner at every start. A password that still
 * matches keeps its hash and the account's sessions; a new one (the owner rotated
 * ADMIN_PASSWORD) ends every session of the account, as any other password change does.
 */
export async function upsertAdmin(
  db: Db,
  username: string,
  password: string,
  role: "owner" | "agent" = "owner",
): Promise<void> {
  const [current] = await db
    .select({ passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.username, username))
    .limit(1);
  const unchanged = current !== undefined && (await verifyPassword(password, current.passwordHash));
  const passwordHash = unchanged ? current.passwordHash : await hashPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(admins)
      .values({ username, passwordHash, role })
      .onConflictDoUpdate({ target: admins.username, set: { passwordHash, role, disabled: false, generated: false } })
      .returning({ id: admins.id });
    if (!unchanged) await tx.delete(adminSessions).where(eq(adminSessions.adminId, row.id));
  });
}

/** The first start's account with a random password, marked so it can be retired later. */
export async function createGeneratedAdmin(db: Db, username: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.insert(admins).values({ username, passwordHash, role: "owner", generated: true });
}

/**
 * Once ADMIN_USERNAME names the owner, the generated account (its password printed once in a
 * log) stops working: disabled, its sessions ended.
 */
export async function retireGeneratedAdmins(db: Db, owner: string): Promise<void> {
  const retired = await db
    .update(admins)
    .set({ disabled: true })
    .where(and(eq(admins.generated, true), ne(admins.username, owner), eq(admins.disabled, false)))
    .returning({ id: admins.id });
  for (const { id } of retired) await db.delete(adminSessions).where(eq(adminSessions.adminId, id));
}

export async function hasAnyAdmin(db: Db): Promise<boolean> {
  const rows = await db.select({ id: admins.id }).from(admins).limit(1);
  return rows.length > 0;
}

/** A logged-in staff member, as every request sees them. */
export interface StaffMember {
  id: number;
  username: string;
  role: "owner" | "agent";
}

/** Returns the staff member when the credentials are right and the account is not disabled. */
export async function checkCredentials(db: Db, username: string, password: string): Promise<StaffMember | null> {
  const [admin] = await db.select().from(admins).where(eq(admins.username, username)).limit(1);
  const ok = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
  return admin && ok && !admin.disabled ? { id: admin.id, username: admin.username, role: admin.role } : null;
}

/** A new 256-bit token per login; only its hash is stored. */
export async function createSession(
  db: Db,
  adminId: number,
  ttlHours: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insert(adminSessions).values({ tokenHash: hashToken(token), adminId, expiresAt: expiresAt.toISOString() });
  // Expired sessions are swept at each login: cheap, and the table never grows without bound.
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date().toISOString()));
  return { token, expiresAt };
}

export async function findSession(db: Db, token: string): Promise<StaffMember | null> {
  const [row] = await db
    .select({ id: admins.id, username: admins.username, role: admins.role })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        gt(adminSessions.expiresAt, new Date().toISOString()),
        eq(admins.disabled, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}
