/**
 * Cash-on-delivery rules, kept as settings (PUT /api/settings/{key}); an empty value means no
 * rule, and every rule is empty by default.
 */
export const COD_RULE_KEYS = ["cod_max_order_total", "cod_max_open_orders_per_phone", "cod_cities"] as const;
export type CodRuleKey = (typeof COD_RULE_KEYS)[number];

export const isCodRuleKey = (key: string): key is CodRuleKey => (COD_RULE_KEYS as readonly string[]).includes(key);

export interface CodRules {
  maxOrderTotal: number | null;
  maxOpenOrdersPerPhone: number | null;
  cities: string[] | null;
}

const wholeNumber = (value: unknown): number | null => {
  const text = String(value ?? "").trim();
  if (text === "") return null;
  return /^\d{1,9}$/.test(text) ? Number(text) : NaN;
};

function cityList(value: unknown): string[] | null {
  if (value === null || value === undefined || value === "") return null;
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list) || list.some((c) => typeof c !== "string")) return [];
  const cities = (list as string[]).map((c) => c.trim()).filter(Boolean);
  return cities.length > 0 ? cities : null;
}

/**
 * The value to store for a COD rule, or a message saying what is wrong. Numbers are kept as
 * their digits ("50000"); cities as a JSON list in text ('["Lahore","Karachi"]').
 */
export function normalizeCodRule(key: CodRuleKey, value: unknown): { value: string } | { problem: string } {
  if (key === "cod_cities") {
    const cities = cityList(value);
    if (cities === null) return { value: "" };
    if (cities.length === 0)
      return { problem: 'cod_cities must be a JSON list of city names, like ["Lahore", "Karachi"], or empty' };
    return { value: JSON.stringify(cities) };
  }
  const n = wholeNumber(value);
  if (n === null) return { value: "" };
  if (Number.isNaN(n) || n < 1) return { problem: `${key} must be a whole number above 0, or empty for no rule` };
  return { value: String(n) };
}

/** The rules in force, from the stored settings (anything unreadable counts as no rule). */
export function readCodRules(stored: Partial<Record<CodRuleKey, unknown>>): CodRules {
  const number = (v: unknown) => {
    const n = wholeNumber(v);
    return n === null || Number.isNaN(n) ? null : n;
  };
  const cities = cityList(stored.cod_cities);
  return {
    maxOrderTotal: number(stored.cod_max_order_total),
    maxOpenOrdersPerPhone: number(stored.cod_max_open_orders_per_phone),
    cities: cities && cities.length > 0 ? cities : null,
  };
}
