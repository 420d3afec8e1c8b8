/**
 * Winning back lost sales on WhatsApp (CONTRACT.md part four: "Back in stock", "Abandoned
 * checkouts", "Marketing messages and the number's daily limit"; decision 041): the owner's
 * settings and the rules both the storefront and the server read.
 */
export const WINBACK_SETTING_KEYS = [
  "back_in_stock_per_unit",
  "abandoned_checkout_after_minutes",
  "abandoned_checkout_second_after_hours",
  "whatsapp_daily_limit",
] as const;
export type WinbackSettingKey = (typeof WINBACK_SETTING_KEYS)[number];

export const WINBACK_SETTING_DEFAULTS: Record<WinbackSettingKey, string> = {
  back_in_stock_per_unit: "3",
  abandoned_checkout_after_minutes: "",
  abandoned_checkout_second_after_hours: "",
  whatsapp_daily_limit: "250",
};

export const isWinbackSettingKey = (key: string): key is WinbackSettingKey =>
  (WINBACK_SETTING_KEYS as readonly string[]).includes(key);

/** The largest value each setting takes (a week of minutes, a week of hours, Meta's top tier). */
const MAX: Record<WinbackSettingKey, number> = {
  back_in_stock_per_unit: 100,
  abandoned_checkout_after_minutes: 7 * 24 * 60,
  abandoned_checkout_second_after_hours: 7 * 24,
  whatsapp_daily_limit: 1_000_000,
};

/** A setting's value as stored (digits, or empty for "off" where off is allowed), or what is wrong with it. */
export function normalizeWinbackSetting(
  key: WinbackSettingKey,
  value: unknown,
): { value: string } | { problem: string } {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
  const offAllowed = key.startsWith("abandoned_checkout");
  if (text === "" && offAllowed) return { value: "" };
  if (text === null || !/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX[key])
    return {
      problem: `${key} must be a whole number from 1 to ${MAX[key]}${offAllowed ? ", or empty to switch it off" : ""}`,
    };
  return { value: String(Number(text)) };
}

/** A stored value read as a number: the default when unset, null when off. */
export function winbackNumber(key: WinbackSettingKey, stored: unknown): number | null {
  const text = stored === undefined || stored === null ? WINBACK_SETTING_DEFAULTS[key] : String(stored).trim();
  if (text === "") return null;
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : Number(WINBACK_SETTING_DEFAULTS[key]) || null;
}

/** Marketing stops once this share of the daily limit is used: the rest is kept for confirmations. */
export const MARKETING_SHARE_OF_LIMIT = 0.8;
/** How long a back-in-stock request waits, and a saved checkout (and its restore link) lives. */
export const BACK_IN_STOCK_LAPSE_DAYS = 60;
export const SAVED_CHECKOUT_LAPSE_DAYS = 7;
/** Abandoned-checkout reminders one phone gets in 7 days, at most. */
export const REMINDERS_PER_PHONE_PER_WEEK = 2;
/** A recovered checkout, a notified phone's order: within this many days of the message. */
export const RECOVERY_DAYS = 7;
/** Open requests one phone, and one network, may hold at once (bounds on what a shopper can store). */
export const BACK_IN_STOCK_PER_PHONE = 20;
export const BACK_IN_STOCK_PER_NETWORK_PER_DAY = 50;
export const SAVED_CHECKOUTS_PER_PHONE = 5;
export const SAVED_CHECKOUTS_PER_NETWORK_PER_DAY = 50;

/** The words a customer replies to end marketing ("STOP", any case); the opt-out button's payload is the first. */
export const OPT_OUT_WORDS = ["STOP", "UNSUBSCRIBE", "STOP PROMOTIONS"] as const;
export const isOptOut = (text: string): boolean =>
  (OPT_OUT_WORDS as readonly string[]).includes(text.trim().toUpperCase());

/** The consent the shopper reads, in words, beside each box (one source for the storefront and the docs). */
export const BACK_IN_STOCK_CONSENT =
  "I agree to get one WhatsApp message when this is back in stock. Reply STOP to end such messages.";
export const ABANDONED_CHECKOUT_CONSENT = "Remind me on WhatsApp if I don't finish my order";
