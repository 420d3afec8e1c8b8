export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "returned", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The admin dropdown's labels. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  returned: "Returned",
  cancelled: "Cancelled",
};

/** Filters and the revenue breakdown call processing 'Ready to Ship'. */
export const STATUS_FILTER_LABELS: Record<OrderStatus, string> = {
  ...STATUS_LABELS,
  processing: "Ready to Ship",
};

/** Tracking results: pending … cancelled, unknown statuses last. */
export function statusRank(status: string): number {
  const i = (ORDER_STATUSES as readonly string[]).indexOf(status);
  return i === -1 ? ORDER_STATUSES.length : i;
}

export function compareTrackedOrders(
  a: { status: string; createdAt: string },
  b: { status: string; createdAt: string },
): number {
  return statusRank(a.status) - statusRank(b.status) || b.createdAt.localeCompare(a.createdAt);
}

/** Orders that earned nothing: left out of revenue and customer totals (each still has its own line), their stock given back. */
export const UNEARNED_STATUSES = ["cancelled", "returned"] as const;

export function isCountedStatus(status: string): boolean {
  return !(UNEARNED_STATUSES as readonly string[]).includes(status);
}

/** Handed to a courier: the denominator of the return-to-origin rate. */
export const SHIPPED_OR_LATER = ["shipped", "delivered", "returned"] as const;

/** Orders still under way: not delivered, returned or cancelled (the COD rule on open orders per phone). */
export const OPEN_STATUSES = ["pending", "processing", "shipped"] as const;
