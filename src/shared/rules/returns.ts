/** The store copy promises "7 Day Returns": counted from the moment the parcel was delivered. */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_PHOTOS_MAX = 3;

const DAY_MS = 86_400_000;

/** When a delivered order can no longer be returned or exchanged. */
export function returnWindowEnds(deliveredAt: string | Date): Date {
  return new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

const fold = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
/** An order line's identity in a return or exchange: the product, and its size and colour folded. */
export const lineKeyOf = (l: { productId: number; size: string; color: string }) =>
  `${l.productId}|${fold(l.size)}|${fold(l.color)}`;

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
