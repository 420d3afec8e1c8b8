import { formatRs } from "./money.js";
import { cityKey } from "./city.js";

/**
 * What the shopper pays besides the goods, kept as settings (PUT /api/settings/{key}); an empty
 * value means none, and every one is empty by default (the spec's "Free" shipping).
 */
export const FEE_SETTING_KEYS = ["delivery_fee", "delivery_fee_by_city", "free_delivery_over", "cod_fee"] as const;
export type FeeSettingKey = (typeof FEE_SETTING_KEYS)[number];

export const isFeeSettingKey = (key: string): key is FeeSettingKey =>
  (FEE_SETTING_KEYS as readonly string[]).includes(key);

export interface FeeSettings {
  /** Rs. per order; null: free. */
  deliveryFee: number | null;
  /** City (lower case, trimmed) → Rs., overriding the flat fee. */
  deliveryFeeByCity: Record<string, number>;
  /** Goods (after discounts) costing at least this ship free; null: never. */
  freeDeliveryOver: number | null;
  /** Rs. added to every cash-on-delivery order; null: none. */
  codFee: number | null;
}

export const NO_FEES: FeeSettings = { deliveryFee: null, deliveryFeeByCity: {}, freeDeliveryOver: null, codFee: null };

const MAX_RS = 1_000_000;

function rupees(value: unknown): number | null | "bad" {
  const text = String(value ?? "").trim();
  if (text === "") return null;
  if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_RS) return "bad";
  return Number(text);
}

function cityFees(value: unknown): Record<string, number> | null | "bad" {
  if (value === null || value === undefined || value === "") return null;
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return "bad";
    }
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return "bad";
  const out: Record<string, number> = {};
  for (const [city, fee] of Object.entries(parsed)) {
    const n = rupees(fee);
    if (city.trim() === "" || n === null || n === "bad") return "bad";
    out[city.trim()] = n;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * The value to store for a fee setting, or a message saying what is wrong. Amounts are kept as
 * their digits ("250"); city fees as a JSON object in text ('{"Karachi":200}').
 */
export function normalizeFeeSetting(key: FeeSettingKey, value: unknown): { value: string } | { problem: string } {
  if (key === "delivery_fee_by_city") {
    const fees = cityFees(value);
    if (fees === "bad")
      return {
        problem:
          'delivery_fee_by_city must be a JSON object of city names and whole rupees, like {"Karachi": 200, "Lahore": 250}, or empty',
      };
    return { value: fees === null ? "" : JSON.stringify(fees) };
  }
  const n = rupees(value);
  if (n === "bad") return { problem: `${key} must be a whole number of rupees (0 to 1,000,000), or empty for none` };
  return { value: n === null ? "" : String(n) };
}

/** The fees in force, from the stored settings (anything unreadable counts as none). */
export function readFeeSettings(stored: Partial<Record<string, unknown>>): FeeSettings {
  const amount = (v: unknown) => {
    const n = rupees(v);
    return n === "bad" ? null : n;
  };
  const byCity = cityFees(stored.delivery_fee_by_city);
  const deliveryFeeByCity: Record<string, number> = {};
  if (byCity && byCity !== "bad")
    for (const [city, fee] of Object.entries(byCity)) deliveryFeeByCity[cityKey(city)] = fee;
  return {
    deliveryFee: amount(stored.delivery_fee),
    deliveryFeeByCity,
    freeDeliveryOver: amount(stored.free_delivery_over),
    codFee: amount(stored.cod_fee),
  };
}

/** The delivery fee before any threshold or code: the city's own, else the flat fee, else 0. */
export function baseDeliveryFee(fees: FeeSettings, city: string | null | undefined): number {
  const own = city ? fees.deliveryFeeByCity[cityKey(city)] : undefined;
  return own ?? fees.deliveryFee ?? 0;
}

/** True when no setting charges anything: the store reads exactly as the spec ("Free"). */
export function deliveryIsAlwaysFree(fees: FeeSettings): boolean {
  return !fees.deliveryFee && Object.values(fees.deliveryFeeByCity).every((f) => f === 0) && (fees.codFee ?? 0) === 0;
}

/**
 * The store copy's promise about delivery, true for the settings in force: "Free delivery",
 * "Free delivery over Rs. 5,000", "Delivery Rs. 250" or "Delivery from Rs. 200". Null: say nothing
 * about delivery's price (a charge that depends on more than one thing and no free threshold).
 */
export function deliveryPromise(fees: FeeSettings): string {
  const charges = [fees.deliveryFee ?? 0, ...Object.values(fees.deliveryFeeByCity)];
  const lowest = Math.min(...charges);
  const highest = Math.max(...charges);
  if (highest === 0) return "Free delivery";
  if (fees.freeDeliveryOver !== null) return `Free delivery over ${formatRs(fees.freeDeliveryOver)}`;
  if (lowest === highest) return `Delivery ${formatRs(highest)}`;
  return lowest === 0 ? `Delivery up to ${formatRs(highest)}` : `Delivery from ${formatRs(lowest)}`;
}

/**
 * The promise as the product page's trust badge reads it: in the spec's letters, title-cased as
 * its badges are ("Free Delivery", "7 Day Returns"), so "Free Delivery over Rs. 5,000". The
 * promise itself stays in sentence case for the copy it is a part of (hero, footer, menu).
 */
export function deliveryBadge(promise: string): string {
  return promise.replace(/^Free delivery\b/, "Free Delivery");
}
