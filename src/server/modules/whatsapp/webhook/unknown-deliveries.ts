import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import { rowsOf as rows } from "../../../db/rows.js";
import type { Sql } from "../conversations/customer-ids.js";

/** How many deliveries the store keeps that it could not read whole: the latest ones. */
export const UNKNOWN_DELIVERIES_KEPT = 1_000;
/** How many the owner's list shows. */
const UNKNOWN_DELIVERIES_SHOWN = 50;

/**
 * Keeps a signed webhook delivery the store could not read whole (`what` says which parts), once
 * (Meta's redelivery of it is the same bytes), and only the latest UNKNOWN_DELIVERIES_KEPT, so
 * nothing Meta sends is lost and a flood of unknown shapes cannot fill the disk.
 */
export async function keepUnknownDelivery(db: Sql, raw: Buffer, what: string[]): Promise<void> {
  const digest = createHash("sha256").update(raw).digest("hex");
  await db.execute(sql`
    with kept as (
      insert into whatsapp_unknown_deliveries (digest, what, body)
      values (${digest}, ${what.join("; ").slice(0, 2000)}, ${raw.toString("utf8")})
      on conflict (digest) do nothing
      returning id
    )
    delete from whatsapp_unknown_deliveries
    where id <= (select id from kept) - ${UNKNOWN_DELIVERIES_KEPT}`);
}

/** GET /api/admin/whatsapp/unknown-deliveries (owner): the latest kept deliveries, newest first. */
export async function listUnknownDeliveries(db: Db) {
  const found = rows<{ id: number; received_at: string; what: string; body: string }>(
    await db.execute(sql`
      select id, received_at, what, body from whatsapp_unknown_deliveries
      order by id desc limit ${UNKNOWN_DELIVERIES_SHOWN}`),
  );
  const [count] = rows<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from whatsapp_unknown_deliveries`),
  );
  return {
    kept: Number(count?.n ?? 0),
    deliveries: found.map((r) => ({
      id: Number(r.id),
      receivedAt: new Date(r.received_at).toISOString(),
      what: r.what,
      body: r.body,
    })),
  };
}
