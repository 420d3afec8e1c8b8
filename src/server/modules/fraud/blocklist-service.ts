import { desc, eq } from "drizzle-orm";
import { phoneKey } from "@shared/rules/phone.js";
import type { BlockedPhone } from "@shared/schemas/blocklist.js";
import type { Db } from "../../db/client.js";
import { blockedPhones } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";

const toBlocked = (r: typeof blockedPhones.$inferSelect): BlockedPhone => ({
  phone: r.phone,
  reason: r.reason,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listBlocked(db: Db): Promise<BlockedPhone[]> {
  const rows = await db.select().from(blockedPhones).orderBy(desc(blockedPhones.createdAt));
  return rows.map(toBlocked);
}

/** Blocks every spelling of the number at once (they share a phone key); blocking again updates the reason. */
export async function blockPhone(db: Db, phone: string, reason: string): Promise<BlockedPhone> {
  const [row] = await db
    .insert(blockedPhones)
    .values({ phoneKey: phoneKey(phone), phone, reason })
    .onConflictDoUpdate({ target: blockedPhones.phoneKey, set: { phone, reason } })
    .returning();
  return toBlocked(row);
}

export async function unblockPhone(db: Db, phone: string): Promise<void> {
  const key = phoneKey(phone);
  const removed = await db.delete(blockedPhones).where(eq(blockedPhones.phoneKey, key)).returning();
  if (key.length < 10 || removed.length === 0)
    throw new AppError("NOT_FOUND", "That number is not on the blocklist; check the number and try again");
}
