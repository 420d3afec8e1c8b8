import { formatRs } from "@shared/rules/money.js";
import { SOURCE_LABELS } from "@shared/rules/order-source.js";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { useSourceReport } from "./analytics-api";

/** Orders, revenue and return rate per source, all time (from the source roll-up). */
export function SourcesPanel() {
  const report = useSourceReport();
  return (
    <Panel title="Orders by source" actions={<span className="text-sm text-muted">All time</span>}>
      <ScrollTable label="Orders by source">
        <thead>
          <tr>
            <th>Source</th>
            <th>Orders</th>
            <th>Revenue</th>
            <th>Return rate</th>
          </tr>
        </thead>
        <tbody>
          {report.isPending && <EmptyRow colSpan={4}>Loading…</EmptyRow>}
          {report.isError && (
            <EmptyRow colSpan={4}>Could not load orders by source; reload the page to try again.</EmptyRow>
          )}
          {report.data?.sources.map((s) => (
            <tr key={s.source}>
              <td className="font-medium">{SOURCE_LABELS[s.source]}</td>
              <td>{s.orders.toLocaleString("en")}</td>
              <td>{formatRs(s.revenue)}</td>
              <td title={`${s.returned} returned`}>{(s.returnRate * 100).toFixed(1)}%</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <p className="mt-3 text-xs text-muted">
        Cancelled orders never count; returned orders earn nothing. Return rate: returned out of shipped, delivered or
        returned.
      </p>
    </Panel>
  );
}
