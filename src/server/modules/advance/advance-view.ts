import { eq, sql, type SQL } from "drizzle-orm";
import { ADVANCE_OWED } from "@shared/rules/advance.js";
import type { ImageRef } from "@shared/schemas/common.js";
import type { Db } from "../../db/client.js";
import { orders } from "../../db/schema.js";
import { sqlList } from "../../db/sql-list.js";
import { findImageRefs } from "../images/index.js";

/** The orders table's Advance filter: one status, or `owed` (due, submitted or rejected). */
export function advanceCondition(filter: string): SQL {
  return filter === "owed"
    ? sql`${orders.advanceStatus} in ${sqlList(ADVANCE_OWED)}`
    : sql`${orders.advanceStatus} = ${filter}`;
}

/** The shopper's latest proof of payment, for the agent's order view. */
export async function advanceProofOf(db: Db, id: string): Promise<ImageRef | null> {
  const [row] = await db.select({ proof: orders.advanceProof }).from(orders).where(eq(orders.id, id));
  if (!row?.proof) return null;
  return (await findImageRefs(db, [row.proof])).get(row.proof) ?? null;
}
