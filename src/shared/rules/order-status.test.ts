import { describe, expect, it } from "vitest";
import { compareTrackedOrders, STATUS_FILTER_LABELS, STATUS_LABELS, statusRank } from "./order-status.js";

describe("order status rules", () => {
  it("ranks pending first, cancelled last but before unknown statuses", () => {
    expect(["cancelled", "weird", "pending", "delivered"].sort((a, b) => statusRank(a) - statusRank(b))).toEqual([
      "pending",
      "delivered",
      "cancelled",
      "weird",
    ]);
  });
  it("sorts tracked orders by status, then newest first", () => {
    const orders = [
      { status: "delivered", createdAt: "2026-01-02T00:00:00Z" },
      { status: "pending", createdAt: "2026-01-01T00:00:00Z" },
      { status: "pending", createdAt: "2026-01-03T00:00:00Z" },
    ];
    expect(orders.sort(compareTrackedOrders).map((o) => `${o.status}@${o.createdAt.slice(8, 10)}`)).toEqual([
      "pending@03",
      "pending@01",
      "delivered@02",
    ]);
  });
  it("labels processing 'Processing' in the dropdown and 'Ready to Ship' in filters", () => {
    expect(STATUS_LABELS.processing).toBe("Processing");
    expect(STATUS_FILTER_LABELS.processing).toBe("Ready to Ship");
  });
});
