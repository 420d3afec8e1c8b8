import { Crown, Package, ShoppingBag, Wallet } from "lucide-react";
import { useState } from "react";
import { categoryLabel } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { NativeSelect } from "@client/components/ui/native-select";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { StatCard } from "@client/components/admin/stat-card";
import { currentPeriod, useAnalytics } from "./analytics-api";
import { CategoryPerformance } from "./category-performance";
import { ReturnToOrigin } from "./return-to-origin";
import { AdvancesPanel } from "./advances-panel";
import { DeliveryAttempts } from "./delivery-attempts";
import { RevenueByStatus } from "./revenue-by-status";
import { RevenueParts } from "./revenue-parts";
import { SalesChartPanel } from "./sales-chart-panel";
import { TopSellers } from "./top-sellers";
import { SourcesPanel } from "./sources-panel";

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The store at a glance: headline figures, money by status, best sellers and sales over time. */
export function OverviewTab() {
  const [period, setPeriod] = useState(currentPeriod);
  const { data, isPending, isError, error } = useAnalytics(period.year, period.month);

  if (isPending) return <OverviewSkeleton />;
  if (isError) return <p className="rounded-2xl bg-white p-6 text-sm text-red-700">{errorMessage(error)}</p>;

  const { totals } = data;
  const years = [...new Set([...data.years, period.year, currentPeriod().year])].sort((a, b) => b - a);

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Products" value={totals.totalProducts} hint="Active in catalog" icon={Package} />
        <StatCard
          label="Total Orders"
          value={totals.totalOrders}
          hint={`${totals.pendingOrders} pending`}
          icon={ShoppingBag}
        />
        <StatCard label="Total Revenue" value={formatRs(totals.totalRevenue)} hint="All time" icon={Wallet} />
        <StatCard
          label="Dominating Category"
          value={totals.dominatingCategory ? categoryLabel(totals.dominatingCategory) : "N/A"}
          hint="Top category by revenue"
          icon={Crown}
        />
      </div>
      <div className="grid gap-4 xl:grid-cols-[2fr_3fr]">
        <RevenueByStatus data={data.revenueByStatus} />
        <SalesChartPanel
          title="Sales Per Month"
          data={data.salesPerMonth.map((m, i) => ({
            label: MONTHS[i] ?? m.month,
            revenue: m.revenue,
            orders: m.orders,
          }))}
          highlight={MONTHS[period.month - 1]}
          actions={
            <NativeSelect
              aria-label="Year"
              value={period.year}
              onChange={(e) => setPeriod((p) => ({ ...p, year: Number(e.target.value) }))}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect>
          }
        />
      </div>
      <RevenueParts data={data.revenueParts} year={period.year} />
      <TopSellers products={data.topProducts} variants={data.topVariants} />
      <SourcesPanel />
      <AdvancesPanel />
      <ReturnToOrigin data={data.returnToOrigin} />
      <DeliveryAttempts data={data.deliveryAttempts} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SalesChartPanel
          title={`Sales by Month: ${MONTHS[period.month - 1]} across years`}
          data={data.monthAcrossYears.map((y) => ({ label: String(y.year), revenue: y.revenue, orders: y.orders }))}
          highlight={String(period.year)}
          empty={`No sales in ${MONTHS[period.month - 1]} yet.`}
          actions={
            <NativeSelect
              aria-label="Month"
              value={period.month}
              onChange={(e) => setPeriod((p) => ({ ...p, month: Number(e.target.value) }))}
            >
              {MONTHS.map((m, i) => (
                <option key={m} value={i + 1}>
                  {m}
                </option>
              ))}
            </NativeSelect>
          }
        />
        <SalesChartPanel
          title="Sales Per Year"
          data={data.salesPerYear.map((y) => ({ label: String(y.year), revenue: y.revenue, orders: y.orders }))}
          highlight={String(currentPeriod().year)}
        />
      </div>
      <CategoryPerformance rows={data.categoryPerformance} />
    </div>
  );
}

function OverviewSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading overview">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-2xl" />
    </div>
  );
}
