/** The cell rules both formats share: money, quantities, handles, statuses, option names, addresses. */
import { HANDLE_MAX, HANDLE_PATTERN, handleFrom, PRODUCT_STATUSES } from "@shared/catalogue/handles.js";
import type { ProductStatus } from "./catalogue-model.js";

/**
 * An amount in rupees as the database keeps it ("6490.00"), or null when it is not one. Spreadsheets
 * add thousands separators and a currency ("Rs. 6,490"), which are read through.
 */
export function moneyOf(text: string): string | null {
  const plain = text.replace(/^(rs\.?|pkr)\s*/i, "").replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(plain)) return null;
  return Number(plain).toFixed(2);
}

/** Units in stock: a whole number; Shopify writes a negative count for an oversold variant, which is none left. */
export function quantityOf(text: string): number | null {
  if (!/^-?\d{1,9}(\.0+)?$/.test(text)) return null;
  return Math.max(0, Math.trunc(Number(text)));
}

/** The store's own handle rule (shared/catalogue/handles.ts): a Shopify handle past it is refused by line. */
export const isHandle = (text: string) => text.length <= HANDLE_MAX && HANDLE_PATTERN.test(text);

/** A handle made from a name, as the store makes one: "Lawn Suit (3-piece)" → "lawn-suit-3-piece". */
export const handleFromName = handleFrom;

export function statusOf(text: string): ProductStatus | null {
  const s = text.toLowerCase();
  return PRODUCT_STATUSES.find((status) => status === s) ?? null;
}

/** Size and colour are the options named `Size` and `Color`, however the file spells them ("colour", "SIZE"). */
export function optionName(text: string): string {
  const lower = text.toLowerCase();
  if (lower === "size") return "Size";
  if (lower === "color" || lower === "colour") return "Color";
  return text;
}

/** A picture's address: http(s) only; anything else is named in the error. */
export function pictureUrlError(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text.slice(0, 80)}" is not a picture address; give its full address (https://…)`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `Pictures are fetched over http(s) only; "${text.slice(0, 80)}" is not such an address`;
  return null;
}

/** `Name: Value` pairs: Shopify's tags ("Fabric: Lawn, Season: Summer") or the store's attributes cell. */
export function attributesOf(parts: string[]): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const part of parts) {
    const at = part.indexOf(":");
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (!name || !value) continue;
    const values = (attributes[name] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  return attributes;
}
