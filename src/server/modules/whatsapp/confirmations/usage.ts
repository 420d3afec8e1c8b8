import { sql } from "drizzle-orm";
import {
  PRICING_CATEGORIES,
  whatsappPrices,
  type WhatsappPrices,
  type WhatsappUsage,
} from "@shared/schemas/whatsapp.js";
import type { Db } from "../../../db/client.js";
import { AppError } from "../../../lib/app-error.js";
import { storeClock } from "../../reports/index.js";
import { rowsOf as rows } from "../../../db/rows.js";

/** Where the owner's prices are kept: the settings table, but not among the public settings. */
const PRICES_KEY = "whatsapp_prices";
const NO_PRICES: WhatsappPrices = { utility: 0, marketing: 0, service: 0, authentication: 0 };

export async function readPrices(db: Db): Promise<WhatsappPrices> {
  const [row] = rows<{ value: unknown }>(await db.execute(sql`select value from settings where key = ${PRICES_KEY}`));
  const parsed = whatsappPrices.safeParse(row?.value);
  return parsed.success ? parsed.data : NO_PRICES;
}

export async function savePrices(db: Db, prices: WhatsappPrices): Promise<WhatsappPrices> {
  await db.execute(sql`insert into settings (key, value) values (${PRICES_KEY}, ${JSON.stringify(prices)}::jsonb)
    on conflict (key) do update set value = excluded.value`);
  return prices;
}

/** `YYYY-MM`, this month in the store's time zone when not given; a bad value is refused. */
export function usageMonth(given: unknown, now: Date): string {
  if (given === undefined || given === "") {
    const { year, month } = storeClock(now);
    return `${year}-${String(month).padStart(2, "0")}`;
  }
  if (typeof given !== "string" || !/^\d{4}-(0[1-9]|1[0-2])$/.test(given))
    throw new AppError("VALIDATION", "month must be written YYYY-MM, e.g. 2026-11");
  return given;
}

/**
 * A month's messages as Meta priced them (`statuses[].pricing`, kept with each message): how many
 * by category, how many billable, and the owner's estimate in whole rupees (the one place it is
 * computed). The month is Pakistan's (UTC+5), counted by when the message was written.
 */
export async function whatsappUsage(db: Db, month: string): Promise<WhatsappUsage> {
  const [year, m] = month.split("-").map(Number);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
  const found = rows<{ category: string; messages: number; billable: number }>(
    await db.execute(sql`
      select pricing_category as category, count(*)::int as messages,
        count(*) filter (where pricing_billable)::int as billable
      from whatsapp_messages
      where pricing_category is not null
        and created_at >= ${`${month}-01T00:00:00+05:00`}::timestamptz
        and created_at < ${`${next}-01T00:00:00+05:00`}::timestamptz
      group by pricing_category`),
  );
  const byCategory: WhatsappUsage["byCategory"] = Object.fromEntries(
    PRICING_CATEGORIES.map((c) => [c, { messages: 0, billable: 0 }]),
  );
  for (const row of found) byCategory[row.category] = { messages: row.messages, billable: row.billable };
  const prices = await readPrices(db);
  const estimate = Object.entries(byCategory).reduce(
    (sum, [category, counts]) => sum + counts.billable * (prices[category as keyof WhatsappPrices] ?? 0),
    0,
  );
  return { month, byCategory, prices, estimateRs: Math.round(estimate) };
}
