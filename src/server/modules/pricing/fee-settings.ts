import { inArray } from "drizzle-orm";
import { FEE_SETTING_KEYS, readFeeSettings, type FeeSettings } from "@shared/rules/fees.js";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema.js";

/** The delivery and COD fees as stored (owner settings; all empty by default); pricing asks the sale book, which keeps them (feesInForce). */
export async function loadFeeSettings(db: Db): Promise<FeeSettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...FEE_SETTING_KEYS]));
  return readFeeSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}
