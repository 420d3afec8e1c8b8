import type { Analytics } from "@shared/schemas/admin.js";
import { Panel } from "@client/components/admin/panel";

type Rto = Analytics["returnToOrigin"];
type Row = { key: string; name: string; shipped: number; returned: number; rate: number };

function RateTable({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wider text-muted">{caption}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">Nothing shipped yet.</p>
      ) : (
        <table className="w-full text-sm" aria-label={`Return-to-origin ${caption.toLowerCase()}`}>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-b border-ink/5 last:border-0">
                <td className="py-1 pr-2">{r.name}</td>
                <td className="py-1 text-right text-muted">
                  {r.returned}/{r.shipped}
                </td>
                <td className={`py-1 pl-2 text-right font-semibold ${r.rate >= 20 ? "text-red-700" : ""}`}>
                  {r.rate.toFixed(1)}%
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Return to origin: the share of parcels handed to a courier that came back, and where it happens. */
export function ReturnToOrigin({ data }: { data: Rto }) {
  return (
    <Panel title="Return to Origin">
      <p className="mb-4 text-sm">
        <span className="font-display text-3xl font-semibold" data-testid="rto-rate">
          {data.overall.rate.toFixed(1)}%
        </span>{" "}
        <span className="text-muted">
          of parcels came back ({data.overall.returned} of {data.overall.shipped} shipped)
        </span>
      </p>
      <div className="grid gap-5 md:grid-cols-3">
        <RateTable
          caption="By city"
          rows={data.byCity.map((c) => ({ key: c.city, name: c.city || "No city", ...c }))}
        />
        <RateTable
          caption="By courier"
          rows={data.byCourier.map((c) => ({ key: c.courier, name: c.courier || "No courier set", ...c }))}
        />
        <RateTable
          caption="By product"
          rows={data.byProduct.map((p) => ({ key: String(p.productId), name: p.productName, ...p }))}
        />
      </div>
    </Panel>
  );
}
