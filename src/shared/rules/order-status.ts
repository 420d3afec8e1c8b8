export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The admin dropdown's labels. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
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

export function isCountedStatus(status: string): boolean {
  return status !== "cancelled";
}
