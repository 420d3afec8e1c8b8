import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { admins, adminSessions } from "../../db/schema.js";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./passwords.js";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Creates the admin, or updates the password of an existing one. */
export async function upsertAdmin(db: Db, username: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .insert(admins)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: admins.username, set: { passwordHash } });
}

export async function hasAnyAdmin(db: Db): Promise<boolean> {
  const rows = await db.select({ id: admins.id }).from(admins).limit(1);
  return rows.length > 0;
}

/** Returns the admin's id when the credentials are right. */
export async function checkCredentials(db: Db, username: string, password: string): Promise<number | null> {
  const [admin] = await db.select().from(admins).where(eq(admins.username, username)).limit(1);
  const ok = await verifyPassword(password, admin?.passwordHash ?? DUMMY_HASH);
  return admin && ok ? admin.id : null;
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

export async function findSession(db: Db, token: string): Promise<{ username: string } | null> {
  const [row] = await db
    .select({ username: admins.username })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), gt(adminSessions.expiresAt, new Date().toISOString())))
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}
