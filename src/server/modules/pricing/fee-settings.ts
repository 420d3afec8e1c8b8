import { inArray } from "drizzle-orm";
import { FEE_SETTING_KEYS, readFeeSettings, type FeeSettings } from "@shared/rules/fees.js";
import {
  ADVANCE_SETTING_KEYS,
  readAdvanceRules,
  readPaymentAccounts,
  type AdvanceRules,
  type PaymentAccount,
} from "@shared/rules/advance.js";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema.js";

/** The owner settings prices are computed from: the fees, the advance rules and where advances are paid. */
export interface PricingSettings {
  fees: FeeSettings;
  advance: AdvanceRules;
  accounts: PaymentAccount[];
}

const KEYS = [...FEE_SETTING_KEYS, ...ADVANCE_SETTING_KEYS];

/**
 * The delivery and COD fees and the advance rules as stored (owner settings; all empty by
 * default), in one query; pricing asks the sale book, which keeps them (feesInForce).
 */
export async function loadPricingSettings(db: Db): Promise<PricingSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    fees: readFeeSettings(stored),
    advance: readAdvanceRules(stored),
    accounts: readPaymentAccounts(stored.payment_accounts),
  };
}
