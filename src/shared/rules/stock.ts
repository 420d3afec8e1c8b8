import { UNEARNED_STATUSES } from "./order-status.js";
import { variantLabel as optionsLabel, type VariantOptions } from "../catalogue/variants.js";

/**
 * Statuses that give an order's stock back: the orders that earned nothing, one list for both
 * rules (the database's copy is migration 0005's stock_releasing_statuses(), compared in a test).
 */
export const STOCK_RELEASING_STATUSES = UNEARNED_STATUSES;

/** The product page says "Only N left" at this many or fewer; the admin's low-stock list starts here too. */
export const LOW_STOCK_THRESHOLD = 5;

/** Largest quantity the admin grid accepts for one size and colour. */
export const MAX_STOCK_QUANTITY = 100_000;

export const releasesStock = (status: string): boolean =>
  (STOCK_RELEASING_STATUSES as readonly string[]).includes(status);

export interface VariantStock {
  size: string;
  color: string;
  quantity: number;
}

/** A variant's key as stored: the catalogue's own spelling of size and colour ("" when the product offers none). */
export const variantKey = (size: string, color: string) => `${size}\u0000${color}`;

/** Units left of one size and colour; a combination missing from a tracked list has none. */
export function unitsLeft(stock: VariantStock[], size: string, color: string): number {
  return stock.find((s) => s.size === size && s.color === color)?.quantity ?? 0;
}

/**
 * "Kurta (M / Red)": how messages and the admin name one variant; with the variant's `options`
 * (decision 038), all its values in option order ("Lawn suit (Stitched / M / Red)").
 */
export function variantLabel(name: string, size: string, color: string, options?: VariantOptions): string {
  const label = options ? optionsLabel(options) : [size, color].filter(Boolean).join(" / ");
  return label ? `${name} (${label})` : name;
}

/** The 409 a shopper meets when asking for more than is left. */
export function notEnoughStockMessage(
  name: string,
  size: string,
  color: string,
  left: number,
  options?: VariantOptions,
): string {
  const item = variantLabel(name, size, color, options);
  return left <= 0
    ? `${item} is sold out; please remove it from your order`
    : `Only ${left} left of ${item}; please lower the quantity`;
}

/**
 * Every size × colour a product offers, with its quantity from `given` (0 when absent): what the
 * admin grid shows and what is stored. A product without sizes (or colours) has one empty one.
 */
export function stockGrid(sizes: string[], colors: string[], given: VariantStock[]): VariantStock[] {
  const rows: VariantStock[] = [];
  for (const size of sizes.length ? sizes : [""]) {
    for (const color of colors.length ? colors : [""]) {
      rows.push({ size, color, quantity: unitsLeft(given, size, color) });
    }
  }
  return rows;
}

/** What the spec's flags read for a tracked product: in stock while any unit is left, per colour likewise. */
export function flagsFromStock(colors: string[], stock: VariantStock[]) {
  const colorVariantStock: Record<string, boolean> = {};
  for (const color of colors) colorVariantStock[color] = stock.some((s) => s.color === color && s.quantity > 0);
  return { inStock: stock.some((s) => s.quantity > 0), colorVariantStock };
}

/**
 * What an order not yet confirmed may take of counted stock, so one anonymous order cannot empty
 * a product (CONTRACT.md, "Guarding the shop's number and its stock"; decision 012). Orders taken
 * by staff are not limited. One place for every number of the rule.
 */
export const UNCONFIRMED_LIMITS = {
  /** Units of one size × colour in one web order. */
  unitsPerVariant: 5,
  /** Units of counted stock that one phone number's web orders take in a day. */
  unitsPerPhonePerDay: 10,
  /** The same for one network: shoppers behind one carrier address share it, so it is wider. */
  unitsPerNetworkPerDay: 40,
  /**
   * Share of one size × colour's units on sale (left on the shelf plus what unconfirmed web
   * orders hold) that unconfirmed web orders may hold at once, rounded down, but never less than
   * one order's worth (`unitsPerVariant`): a variant's last few units still sell online to the
   * first who order them, as CONTRACT.md's "Stock" race says (decision 034).
   */
  variantHeldShare: 0.5,
} as const;

/** The 409 for more than `unitsPerVariant` of one size and colour in a web order. */
export function tooManyOfVariantMessage(name: string, size: string, color: string, options?: VariantOptions): string {
  const item = variantLabel(name, size, color, options);
  return `You can order up to ${UNCONFIRMED_LIMITS.unitsPerVariant} of ${item} online; please lower the quantity, or message us on WhatsApp to order more`;
}

/** The 409 when unconfirmed web orders already hold their share of a size × colour: `canOrder` more fit. */
export function variantHeldMessage(
  name: string,
  size: string,
  color: string,
  canOrder: number,
  options?: VariantOptions,
): string {
  const item = variantLabel(name, size, color, options);
  return canOrder > 0
    ? `Only ${canOrder} of ${item} can be ordered online right now while other orders are confirmed; please order fewer, or message us on WhatsApp to order more`
    : `${item} cannot be ordered online right now while other orders are confirmed; please try again later, or message us on WhatsApp to order`;
}

/** The 409 when this phone number's web orders of the day would take more than their share of counted stock. */
export function phoneDayLimitMessage(taken: number): string {
  const rule = `rders not yet confirmed may hold up to ${UNCONFIRMED_LIMITS.unitsPerPhonePerDay} limited-stock items per phone number a day; please lower the quantity, or message us on WhatsApp to order more`;
  return taken > 0
    ? `This phone number has already ordered ${taken} of our limited-stock items online today, and o${rule}`
    : `O${rule}`;
}

/** The 429 when a network's web orders of the day already took their share of counted stock. */
export const NETWORK_DAY_LIMIT_MESSAGE = `Many limited-stock items were ordered from your network today (up to ${UNCONFIRMED_LIMITS.unitsPerNetworkPerDay} a day can be held for orders not yet confirmed); please try again tomorrow, or message us on WhatsApp to order`;
