import type { Analytics } from "@shared/schemas/admin.js";
import { formatRs } from "@shared/rules/money.js";
import { Panel } from "@client/components/admin/panel";

interface Row {
  key: string;
  title: string;
  subtitle?: string;
  quantity: number;
  revenue: number;
}

function RankedList({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">No sales yet.</p>
      ) : (
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <li key={row.key} className="flex items-center gap-3">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-sand/40 text-xs font-semibold">
                {i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{row.title}</p>
                {row.subtitle && <p className="truncate text-xs text-muted">{row.subtitle}</p>}
              </div>
              <div className="text-right text-sm">
                <p className="font-semibold">{row.quantity} sold</p>
                <p className="text-xs text-muted">{formatRs(row.revenue)}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The five best-selling products and the five best-selling variants, each named by its options. */
export function TopSellers({
  products,
  variants,
}: {
  products: Analytics["topProducts"];
  variants: Analytics["topVariants"];
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <RankedList
        title="Top 5 Most Sold Products"
        rows={products.map((p) => ({
          key: String(p.productId),
          title: p.productName,
          quantity: p.quantity,
          revenue: p.revenue,
        }))}
      />
      <RankedList
        title="Top 5 Most Sold Variants"
        rows={variants.map((v) => ({
          key: `${v.productId}|${v.variant}`,
          title: v.productName,
          subtitle: v.variant,
          quantity: v.quantity,
          revenue: v.revenue,
        }))}
      />
    </div>
  );
}
