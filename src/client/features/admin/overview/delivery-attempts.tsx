import type { Analytics } from "@shared/schemas/admin.js";
import { Panel } from "@client/components/admin/panel";

type Attempts = Analytics["deliveryAttempts"];
type Figures = Attempts["overall"];
type Row = Figures & { key: string; name: string };

function AttemptsTable({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wider text-muted">{caption}</h3>
      <table className="w-full text-sm" aria-label={`Failed delivery attempts ${caption.toLowerCase()}`}>
        <thead>
          <tr className="text-left text-xs text-muted">
            <th className="py-1 pr-2 font-normal">Where</th>
            <th className="py-1 text-right font-normal">Parcels</th>
            <th className="py-1 text-right font-normal">Attempts</th>
            <th className="py-1 text-right font-normal">Then delivered</th>
            <th className="py-1 pl-2 text-right font-normal">Returned</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-ink/5 last:border-0">
              <td className="py-1 pr-2">{r.name}</td>
              <td className="py-1 text-right">{r.parcels}</td>
              <td className="py-1 text-right text-muted">{r.attempts}</td>
              <td className="py-1 text-right">
                {r.delivered} ({r.deliveredRate.toFixed(1)}%)
              </td>
              <td className={`py-1 pl-2 text-right font-semibold ${r.returnedRate >= 30 ? "text-red-700" : ""}`}>
                {r.returned} ({r.returnedRate.toFixed(1)}%)
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Failed delivery attempts: how many parcels the riders could not deliver, and what became of them. */
export function DeliveryAttempts({ data }: { data: Attempts }) {
  const { overall } = data;
  return (
    <Panel title="Failed Delivery Attempts">
      {overall.parcels === 0 ? (
        <p className="text-sm text-muted">No failed delivery attempts reported by a courier yet.</p>
      ) : (
        <>
          <p className="mb-4 text-sm">
            <span className="font-display text-3xl font-semibold" data-testid="attempts-delivered-rate">
              {overall.deliveredRate.toFixed(1)}%
            </span>{" "}
            <span className="text-muted">
              of {overall.parcels} parcels with a failed attempt ({overall.attempts} attempts) were delivered after all;{" "}
              {overall.returned} came back and {overall.onTheRoad} are still on the road
            </span>
          </p>
          <div className="grid gap-5 lg:grid-cols-2">
            <AttemptsTable
              caption="By city"
              rows={data.byCity.map((c) => ({ key: c.city, name: c.city || "No city", ...c }))}
            />
            <AttemptsTable
              caption="By courier"
              rows={data.byCourier.map((c) => ({ key: c.courier, name: c.courier || "No courier set", ...c }))}
            />
          </div>
        </>
      )}
    </Panel>
  );
}
