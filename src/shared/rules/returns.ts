import { COLOR_OPTION, SIZE_OPTION } from "../catalogue/variants.js";

/** The store copy promises "7 Day Returns": counted from the moment the parcel was delivered. */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_PHOTOS_MAX = 3;

const DAY_MS = 86_400_000;

/** When a delivered order can no longer be returned or exchanged. */
export function returnWindowEnds(deliveredAt: string | Date): Date {
  return new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

const fold = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * An order line's identity in a return or exchange: the product, its size and colour, and its
 * variant's other options (Make: Stitched), all folded. Two lines that differ only in such an
 * option (Unstitched and Stitched in M) are two lines: asking for one leaves the other free. A
 * line or request item without options recorded (sold, or asked for, before options) keys as
 * before, by size and colour, which is all a product with only those two options has.
 */
export function lineKeyOf(l: KeyedLine): string {
  const others = Object.entries(l.options ?? {})
    .filter(([name]) => name !== SIZE_OPTION && name !== COLOR_OPTION)
    .map(([name, value]) => `${fold(name)}=${fold(value)}`)
    .sort();
  return [l.productId, fold(l.size), fold(l.color), ...others].join("|");
}

/** What names an order line, or the line a request item asks for. */
export interface KeyedLine {
  productId: number;
  size: string;
  color: string;
  options?: Record<string, string> | null;
}

/**
 * The key of the order's line a stored request item names. An item stored without options (asked
 * for before they were recorded with it) named its line by size and colour: it is the order's one
 * line of that size and colour when there is exactly one; otherwise it keeps its own key.
 */
export function itemLineKey(item: KeyedLine, lines: KeyedLine[]): string {
  const own = lineKeyOf(item);
  if (Object.keys(item.options ?? {}).length > 0 || lines.some((l) => lineKeyOf(l) === own)) return own;
  const same = new Set(
    lines
      .filter(
        (l) => l.productId === item.productId && fold(l.size) === fold(item.size) && fold(l.color) === fold(item.color),
      )
      .map(lineKeyOf),
  );
  return same.size === 1 ? [...same][0] : own;
}

export const RETURN_TYPES = ["return", "exchange"] as const;
export type ReturnType = (typeof RETURN_TYPES)[number];

export const RETURN_STATUSES = ["requested", "approved", "rejected", "completed"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const REFUND_METHODS = ["cash", "bank_transfer", "easypaisa", "jazzcash"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  cash: "Cash",
  bank_transfer: "Bank transfer",
  easypaisa: "Easypaisa",
  jazzcash: "JazzCash",
};

/** What the customer reads on the tracking card at each step. */
export function returnStatusText(type: ReturnType, status: ReturnStatus): string {
  const what = type === "exchange" ? "Exchange" : "Return";
  switch (status) {
    case "requested":
      return `${what} requested: we will reply within 2 working days`;
    case "approved":
      return type === "exchange"
        ? "Exchange approved: our courier will bring the new item and collect the old one"
        : "Return approved: please hand the items to our courier";
    case "rejected":
      return `${what} not accepted`;
    case "completed":
      return type === "exchange"
        ? "Exchange completed: your replacement is on its way"
        : "Return completed: refund sent";
  }
}
