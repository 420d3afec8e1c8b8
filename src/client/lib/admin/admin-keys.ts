/**
 * The roots of the admin's reads that a change in one tab makes stale in another (an order's
 * status moves the reports, the customers and the stock; a staff change writes the audit log),
 * kept in one place because one admin tab imports no other.
 */
export const adminKeys = {
  analytics: ["/api/admin/analytics"] as const,
  advances: ["/api/admin/advances/overview"] as const,
  customers: ["/api/admin/customers"] as const,
  lowStock: ["/api/admin/stock/low"] as const,
  audit: ["/api/admin/audit"] as const,
  /** The couriers switched on, which the orders' booking offers and the courier settings change. */
  couriers: ["/api/admin/couriers"] as const,
};
