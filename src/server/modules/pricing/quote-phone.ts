import { sql } from "drizzle-orm";
import { phoneKey } from "@shared/rules/phone.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";

/**
 * The phone number a quote may check a code's per-phone uses against: only one this cart session
 * has placed an order with (issue 38 L4). Anyone can type a number into a quote, so for any other
 * the quote must not say whether that number used a code; the order's placement says it, where
 * the phone's owner submits. Null when there is nothing to prove or it is not proven.
 */
export async function provenQuotePhone(
  db: Db,
  sessionId: string | undefined,
  phone: string | null | undefined,
): Promise<string | null> {
  if (!sessionId || !phone?.trim()) return null;
  const [row] = await queryRows<{ proven: boolean }>(
    db,
    sql`select exists (select 1 from orders where session_id = ${sessionId}::uuid
          and phone_key = ${phoneKey(phone)}) as proven`,
  );
  return row?.proven ? phone : null;
}
