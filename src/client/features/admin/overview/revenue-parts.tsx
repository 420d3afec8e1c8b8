import type { Analytics } from "@shared/schemas/admin.js";
import { formatRs } from "@shared/rules/money.js";
import { Panel } from "@client/components/admin/panel";

type Parts = Analytics["revenueParts"]["allTime"];

const LINES: { key: keyof Parts; label: string; sign?: "−" | "+" }[] = [
  { key: "goods", label: "Goods (at the prices sold)" },
  { key: "discount", label: "Discount codes", sign: "−" },
  { key: "deliveryFees", label: "Delivery fees", sign: "+" },
  { key: "codFees", label: "COD fees", sign: "+" },
];

/**
 * Where the revenue came from (decision 024): goods, less code discounts, plus delivery and COD
 * fees, make the total; what sales took off the regular prices is said beside it. Cancelled and
 * returned orders count nothing.
 */
export function RevenueParts({ data, year }: { data: Analytics["revenueParts"]; year: number }) {
  const columns = [
    { title: "All time", parts: data.allTime },
    { title: String(year), parts: data.year },
  ];
  return (
    <Panel title="Revenue: goods, discounts and fees">
      <table className="w-full text-sm" aria-label="Revenue: goods, discounts and fees">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th className="py-1 font-medium" />
            {columns.map((c) => (
              <th key={c.title} className="py-1 text-right font-medium">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LINES.map(({ key, label, sign }) => (
            <tr key={key} data-testid={`revenue-${key}`}>
              <th scope="row" className="py-1 text-left font-normal text-muted">
                {label}
              </th>
              {columns.map((c) => (
                <td key={c.title} className="py-1 text-right tabular-nums">
                  {sign && c.parts[key] > 0 ? `${sign} ` : ""}
                  {formatRs(c.parts[key])}
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t border-ink/10 font-semibold" data-testid="revenue-total">
            <th scope="row" className="py-2 text-left">
              Total revenue
            </th>
            {columns.map((c) => (
              <td key={c.title} className="py-2 text-right tabular-nums">
                {formatRs(c.parts.total)}
              </td>
            ))}
          </tr>
          <tr data-testid="revenue-saleDiscount">
            <th scope="row" className="py-1 text-left text-xs font-normal text-muted">
              Taken off by automatic sales (already out of goods)
            </th>
            {columns.map((c) => (
              <td key={c.title} className="py-1 text-right text-xs tabular-nums text-muted">
                {formatRs(c.parts.saleDiscount)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </Panel>
  );
}
