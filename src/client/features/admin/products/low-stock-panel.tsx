import { LOW_STOCK_THRESHOLD, variantLabel } from "@shared/rules/stock.js";
import { Badge } from "@client/components/ui/badge";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { useLowStock } from "./stock-admin-api";

/** Variants at 5 or fewer units, fewest first: what to restock (or stop selling) next. */
export function LowStockPanel() {
  const low = useLowStock();
  const items = low.data?.items ?? [];
  return (
    <Panel
      title="Low stock"
      actions={
        low.data && (
          <span className="text-sm text-muted">
            {low.data.total} variants at {LOW_STOCK_THRESHOLD} or fewer
          </span>
        )
      }
    >
      <ScrollTable label="Low stock">
        <thead>
          <tr>
            <th>Product</th>
            <th>SKU</th>
            <th>Units left</th>
          </tr>
        </thead>
        <tbody>
          {low.isPending && <EmptyRow colSpan={3}>Loading…</EmptyRow>}
          {low.isError && (
            <EmptyRow colSpan={3}>Could not load the low-stock list; reload the page to try again.</EmptyRow>
          )}
          {low.isSuccess && items.length === 0 && (
            <EmptyRow colSpan={3}>Nothing is running low among products that count stock.</EmptyRow>
          )}
          {items.map((i) => (
            <tr key={`${i.productId}-${i.size}-${i.color}`}>
              <td>{variantLabel(i.productName, i.size, i.color)}</td>
              <td className="text-muted">{i.sku || "—"}</td>
              <td>
                <Badge className={i.quantity === 0 ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"}>
                  {i.quantity === 0 ? "Sold out" : `${i.quantity} left`}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </Panel>
  );
}
