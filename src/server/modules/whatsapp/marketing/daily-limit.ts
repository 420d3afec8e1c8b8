import { sql, type SQL } from "drizzle-orm";
import { MARKETING_SHARE_OF_LIMIT, winbackNumber } from "@shared/rules/winback.js";
import type { Db } from "../../../db/client.js";
import { rowsOf } from "../../../db/rows.js";

const DAY_MS = 24 * 60 * 60_000;

/**
 * The phones the store messaged first in the 24 hours before `now` (CONTRACT.md part four, "the
 * number's daily limit"; decision 041): a message it sent (not failed) to a phone that had not
 * written to it in the 24 hours before, which is what opens a business-initiated conversation and
 * counts against Meta's messaging limit. One column, `phone`.
 */
export function firstContactedSql(now: Date): SQL {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  return sql`select distinct m.phone from whatsapp_messages m
    where m.direction = 'out' and m.state <> 'failed' and m.phone is not null
      and m.created_at > ${since}::timestamptz
      and not exists (select 1 from whatsapp_messages i
        where i.phone = m.phone and i.direction = 'in'
          and coalesce(i.sent_at, i.created_at) <= m.created_at
          and coalesce(i.sent_at, i.created_at) > m.created_at - interval '24 hours')`;
}

/** The owner's `whatsapp_daily_limit` (default 250), read fresh. */
export async function readDailyLimit(db: Db): Promise<number> {
  const [row] = rowsOf<{ value: unknown }>(
    await db.execute(sql`select value from settings where key = 'whatsapp_daily_limit'`),
  );
  return winbackNumber("whatsapp_daily_limit", row?.value) ?? 250;
}

/** The SQL for the limit itself, for a statement that judges against it. */
export const dailyLimitSql = sql`coalesce((select nullif(trim(both '"' from value::text), '')::int
  from settings where key = 'whatsapp_daily_limit'), 250)`;

export interface DailyCount {
  count: number;
  limit: number;
  /** 80 % of the limit: marketing stops here, and the admin warns. */
  marketingStopsAt: number;
  warning: boolean;
}

/** How many phones the store messaged first in the last 24 hours, against the limit. */
export async function readDailyCount(db: Db, now: Date): Promise<DailyCount> {
  const [row] = rowsOf<{ count: number | string }>(
    await db.execute(sql`select count(*)::int as count from (${firstContactedSql(now)}) f`),
  );
  const limit = await readDailyLimit(db);
  const count = Number(row?.count ?? 0);
  const marketingStopsAt = Math.floor(limit * MARKETING_SHARE_OF_LIMIT);
  return { count, limit, marketingStopsAt, warning: count >= marketingStopsAt };
}

/** The limit's words on an order held by it, for the agent. */
export const dailyLimitHoldReason = (limit: number) =>
  `The shop's WhatsApp number reached Meta's daily limit (${limit} customers messaged first in 24 hours). ` +
  `Confirm this order by phone, or resend the message once the count falls.`;
