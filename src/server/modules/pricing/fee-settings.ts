import { inArray } from "drizzle-orm";
import { FEE_SETTING_KEYS, readFeeSettings, type FeeSettings } from "@shared/rules/fees.js";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema.js";
import { saleBookOf } from "./sale-book.js";

/** A safety net under the cache's LISTEN/NOTIFY, as the catalogue cache's own (plugins/catalogue-cache.ts). */
const KEEP_MS = 60_000;

const kept = new WeakMap<Db, { generation: number; readAt: number; fees: FeeSettings }>();

/**
 * The delivery and COD fees in force (owner settings; all empty by default). Every placement and
 * quote asks, so they are kept until the catalogue cache is cleared: a settings write clears it,
 * on this and (by NOTIFY) every other app server (decision 004), and the sale book tells its
 * generation. A database no app serves (seeding, benchmarks' set-up) reads them every time.
 */
export async function loadFeeSettings(db: Db): Promise<FeeSettings> {
  const generation = saleBookOf(db)?.generation;
  const hit = kept.get(db);
  if (generation !== undefined && hit && hit.generation === generation && Date.now() - hit.readAt < KEEP_MS)
    return hit.fees;
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...FEE_SETTING_KEYS]));
  const fees = readFeeSettings(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  if (generation !== undefined) kept.set(db, { generation, readAt: Date.now(), fees });
  return fees;
}
