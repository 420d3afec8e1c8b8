import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { rowsOf } from "../../../db/rows.js";

/** The one answer to a STOP (decision 041): sent once, the first time the phone opts out. */
export const OPT_OUT_REPLY =
  "You will no longer get offers or reminders from us on WhatsApp. Messages about your orders will still come.";

export async function isOptedOut(db: Db, phone: string): Promise<boolean> {
  const [row] = rowsOf(await db.execute(sql`select 1 from marketing_opt_outs where phone = ${phone}`));
  return !!row;
}

/** Records the phone's opt-out; true only the first time (so the store answers once). */
export async function optOut(tx: Pick<Db, "execute">, phone: string): Promise<boolean> {
  const inserted = rowsOf(
    await tx.execute(
      sql`insert into marketing_opt_outs (phone) values (${phone}) on conflict do nothing returning phone`,
    ),
  );
  return inserted.length > 0;
}

/** The job that answers a STOP, once: `{inboundId, to}`. */
export const SEND_OPT_OUT_REPLY = "whatsapp.opt-out-reply";
