import { Crown } from "lucide-react";
import type { Analytics } from "@shared/schemas/admin.js";
import { categoryLabel } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { Badge } from "@client/components/ui/badge";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";

/** Revenue, items sold and average per item for every category; the best one is marked. */
export function CategoryPerformance({ rows }: { rows: Analytics["categoryPerformance"] }) {
  const max = Math.max(1, ...rows.map((r) => r.revenue));
  return (
    <Panel title="Category Performance">
      <ScrollTable label="Category performance">
        <thead>
          <tr>
            <th>Category</th>
            <th>Revenue</th>
            <th>Items Sold</th>
            <th>Avg per Item</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow colSpan={4}>No sales yet.</EmptyRow>}
          {rows.map((r) => (
            <tr key={r.category}>
              <td>
                <div className="flex items-center gap-2 font-medium">
                  {categoryLabel(r.category)}
                  {r.top && (
                    <Badge className="gap-1 bg-rose/10 text-rose">
                      <Crown className="h-3 w-3" aria-hidden /> Top
                    </Badge>
                  )}
                </div>
                <div className="mt-1.5 h-1.5 max-w-48 overflow-hidden rounded-full bg-ink/5">
                  <div className="h-full rounded-full bg-sand" style={{ width: `${(r.revenue / max) * 100}%` }} />
                </div>
              </td>
              <td className="font-semibold">{formatRs(r.revenue)}</td>
              <td>{r.itemsSold}</td>
              <td>{formatRs(r.averagePerItem)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Panel>
  );
}
