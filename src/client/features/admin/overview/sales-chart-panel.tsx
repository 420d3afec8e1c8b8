import { lazy, Suspense, type ReactNode } from "react";
import { formatRs } from "@shared/rules/money.js";
import { Skeleton } from "@client/components/ui/skeleton";
import { Panel } from "@client/components/admin/panel";
import type { SalesPoint } from "./sales-bar-chart";

const SalesBarChart = lazy(() => import("./sales-bar-chart"));

/**
 * A chart for the eye plus the same figures as a list for screen readers (the chart itself is
 * hidden from them), with the period's total underneath.
 */
export function SalesChartPanel({
  title,
  data,
  actions,
  highlight,
  empty,
}: {
  title: string;
  data: SalesPoint[];
  actions?: ReactNode;
  highlight?: string;
  empty?: string;
}) {
  const revenue = data.reduce((sum, d) => sum + d.revenue, 0);
  const orders = data.reduce((sum, d) => sum + d.orders, 0);
  return (
    <Panel title={title} actions={actions}>
      {data.length === 0 ? (
        <p className="py-10 text-center text-sm text-muted">{empty ?? "No sales yet."}</p>
      ) : (
        <>
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <SalesBarChart data={data} highlight={highlight} />
          </Suspense>
          <ul className="sr-only">
            {data.map((d) => (
              <li key={d.label}>
                {d.label}: {formatRs(d.revenue)}, {d.orders} orders
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted">
            Total <span className="font-semibold text-ink">{formatRs(revenue)}</span> from {orders}{" "}
            {orders === 1 ? "order" : "orders"}
          </p>
        </>
      )}
    </Panel>
  );
}
