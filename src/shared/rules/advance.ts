import { formatRs } from "./money.js";

/**
 * Advance payments (CONTRACT.md part three, "Advance payment"; decision 027): what an order owes
 * before it ships, kept as owner settings (PUT /api/settings/{key}); every one empty by default,
 * and with all empty no order owes anything.
 */
export const ADVANCE_SETTING_KEYS = [
  "advance_over_total",
  "advance_percent",
  "advance_high_risk",
  "advance_delivery_fee",
  "payment_accounts",
] as const;
export type AdvanceSettingKey = (typeof ADVANCE_SETTING_KEYS)[number];

export const isAdvanceSettingKey = (key: string): key is AdvanceSettingKey =>
  (ADVANCE_SETTING_KEYS as readonly string[]).includes(key);

export const ADVANCE_STATUSES = ["none", "due", "submitted", "paid", "rejected"] as const;
export type AdvanceStatus = (typeof ADVANCE_STATUSES)[number];
/** The advance is still owed: the order may not ship (marked shipped, given a tracking number, booked). */
export const ADVANCE_OWED = ["due", "submitted", "rejected"] as const satisfies readonly AdvanceStatus[];
export const advanceOwed = (status: string): boolean => (ADVANCE_OWED as readonly string[]).includes(status);
/** The orders table's Advance filter: one status, or `owed` (any of ADVANCE_OWED). */
export const ADVANCE_FILTERS = ["owed", "due", "submitted", "paid", "rejected"] as const;
export type AdvanceFilter = (typeof ADVANCE_FILTERS)[number];

export const PAYMENT_METHODS = ["bank", "raast", "easypaisa", "jazzcash"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  bank: "Bank transfer",
  raast: "Raast",
  easypaisa: "Easypaisa",
  jazzcash: "JazzCash",
};

/** Where the shopper sends money: `title` the account holder or bank, `account` the IBAN, Raast ID or wallet number. */
export interface PaymentAccount {
  method: PaymentMethod;
  title: string;
  account: string;
}

export interface AdvanceRules {
  /** Orders whose total is at least this (Rs.) owe an advance; null: no such rule. */
  overTotal: number | null;
  /** Percent of the total a rule asks (fees included); 100 when not set. */
  percent: number;
  /** High-risk orders owe the percentage too. */
  highRisk: boolean;
  /** Every order owes at least its delivery and COD fees. */
  deliveryFee: boolean;
}

export const NO_ADVANCE: AdvanceRules = { overTotal: null, percent: 100, highRisk: false, deliveryFee: false };

const MAX_RS = 1_000_000;

function rupees(value: unknown): number | null | "bad" {
  const text = String(value ?? "").trim();
  if (text === "") return null;
  if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_RS) return "bad";
  return Number(text);
}

function percent(value: unknown): number | null | "bad" {
  const n = rupees(value);
  if (n === "bad" || (n !== null && (n < 1 || n > 100))) return "bad";
  return n;
}

function flag(value: unknown): boolean | "bad" {
  const text = String(value ?? "").trim();
  if (text === "" || text === "0" || text === "false") return false;
  return text === "1" || text === "true" ? true : "bad";
}

function accounts(value: unknown): PaymentAccount[] | "bad" {
  if (value === null || value === undefined || value === "") return [];
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return "bad";
    }
  }
  if (!Array.isArray(parsed)) return "bad";
  const out: PaymentAccount[] = [];
  for (const entry of parsed) {
    const e = entry as Partial<Record<keyof PaymentAccount, unknown>> | null;
    if (!e || typeof e !== "object") return "bad";
    const method = String(e.method ?? "");
    const title = String(e.title ?? "").trim();
    const account = String(e.account ?? "").trim();
    if (!(PAYMENT_METHODS as readonly string[]).includes(method) || account === "" || account.length > 60) return "bad";
    if (title.length > 80) return "bad";
    out.push({ method: method as PaymentMethod, title, account });
  }
  return out.length > 10 ? "bad" : out;
}

const PROBLEMS: Record<AdvanceSettingKey, string> = {
  advance_over_total: "advance_over_total must be a whole number of rupees (0 to 1,000,000), or empty for no rule",
  advance_percent: "advance_percent must be a whole number from 1 to 100, or empty for 100",
  advance_high_risk: 'advance_high_risk must be "1" (high-risk orders owe an advance) or empty',
  advance_delivery_fee: 'advance_delivery_fee must be "1" (every order pays its delivery and COD fees first) or empty',
  payment_accounts:
    'payment_accounts must be a JSON list of at most 10 {"method", "title", "account"}, method one of bank, raast, easypaisa, jazzcash, like [{"method": "easypaisa", "title": "Zaiba Store", "account": "03001234567"}], or empty',
};

/** The value to store for an advance setting, or a message saying what is wrong. */
export function normalizeAdvanceSetting(
  key: AdvanceSettingKey,
  value: unknown,
): { value: string } | { problem: string } {
  const bad = { problem: PROBLEMS[key] };
  if (key === "payment_accounts") {
    const list = accounts(value);
    return list === "bad" ? bad : { value: list.length === 0 ? "" : JSON.stringify(list) };
  }
  if (key === "advance_high_risk" || key === "advance_delivery_fee") {
    const on = flag(value);
    return on === "bad" ? bad : { value: on ? "1" : "" };
  }
  const n = key === "advance_percent" ? percent(value) : rupees(value);
  return n === "bad" ? bad : { value: n === null ? "" : String(n) };
}

/** The rules in force, from the stored settings (anything unreadable counts as no rule). */
export function readAdvanceRules(stored: Partial<Record<string, unknown>>): AdvanceRules {
  const over = rupees(stored.advance_over_total);
  const pct = percent(stored.advance_percent);
  return {
    overTotal: over === "bad" ? null : over,
    percent: pct === "bad" || pct === null ? 100 : pct,
    highRisk: flag(stored.advance_high_risk) === true,
    deliveryFee: flag(stored.advance_delivery_fee) === true,
  };
}

/** The shop's accounts for advances, from the stored setting (unreadable: none). */
export function readPaymentAccounts(stored: unknown): PaymentAccount[] {
  const list = accounts(stored);
  return list === "bad" ? [] : list;
}

export interface AdvanceFacts {
  /** Paisa. */
  total: number;
  deliveryFee: number;
  codFee: number;
  highRisk: boolean;
}

/** Paisa rounded up to the rupee. */
const upToRupee = (paisa: number) => Math.ceil(paisa / 100) * 100;

/**
 * What an order owes before it ships (paisa): the largest amount any rule asks, rounded up to the
 * rupee, never more than the total; no rule, 0.
 */
export function advanceDue(rules: AdvanceRules, o: AdvanceFacts): number {
  const share = upToRupee(Math.ceil((o.total * rules.percent) / 100));
  let asked = 0;
  if (rules.overTotal !== null && o.total >= rules.overTotal * 100) asked = Math.max(asked, share);
  if (rules.highRisk && o.highRisk) asked = Math.max(asked, share);
  if (rules.deliveryFee) asked = Math.max(asked, upToRupee(o.deliveryFee + o.codFee));
  return Math.min(asked, o.total);
}

/** Whether any rule can ask an order for an advance. */
export const asksAdvances = (rules: AdvanceRules): boolean =>
  rules.overTotal !== null || rules.highRisk || rules.deliveryFee;

/** The 409's words when an order that still owes its advance is to ship. */
export function advanceOwedMessage(orderRef: string, owedRs: string | number): string {
  return `Order #${orderRef} still owes an advance of ${formatRs(owedRs)}; record the advance received (Orders → the order → Advance), or ask the owner to override, before shipping, delivering, booking or labelling it`;
}
