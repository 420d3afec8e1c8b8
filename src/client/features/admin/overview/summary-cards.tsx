import { Clock, Package, ShoppingBag, Wallet } from "lucide-react";
import { formatRs } from "@shared/rules/money.js";
import { Skeleton } from "@client/components/ui/skeleton";
import { currentPeriod, useAnalytics } from "./analytics-api";
import { StatCard } from "@client/components/admin/stat-card";

/** The dashboard's four headline figures, above every tab. */
export function SummaryCards() {
  const { year, month } = currentPeriod();
  const { data } = useAnalytics(year, month);
  if (!data) {
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
    );
  }
  const t = data.totals;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Summary">
      <StatCard label="Total Products" value={t.totalProducts} icon={Package} compact />
      <StatCard label="Total Orders" value={t.totalOrders} icon={ShoppingBag} compact />
      <StatCard label="Revenue" value={formatRs(t.totalRevenue)} icon={Wallet} compact />
      <StatCard label="Pending Orders" value={t.pendingOrders} icon={Clock} compact />
    </div>
  );
}
