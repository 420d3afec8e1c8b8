import { LOW_STOCK_THRESHOLD } from "@shared/rules/stock.js";
import { productPath } from "@shared/catalogue/handles.js";
import { Badge } from "@client/components/ui/badge";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { useLowStock } from "./stock-admin-api";

/** Variants at 5 or fewer units, fewest first, each named by its options and linked to its product page. */
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
            <tr key={i.variantId}>
              <td>
                <a
                  href={productPath(i)}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium underline-offset-2 hover:underline"
                >
                  {i.productName}
                </a>
                <span className="block text-xs text-muted">{i.variant}</span>
              </td>
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
