import { useQuery } from "@tanstack/react-query";
import { formatRs } from "@shared/rules/money.js";
import type { AdvanceOverview } from "@shared/schemas/advance.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { api } from "@client/lib/api";
import { Panel } from "@client/components/admin/panel";

/** Advances (decision 027): owed now, received this month, and the orders waiting longest on one. */
export function AdvancesPanel() {
  const { data } = useQuery({
    queryKey: adminKeys.advances,
    queryFn: () => api<AdvanceOverview>(adminKeys.advances[0]),
  });
  if (!data || (data.dueOrders === 0 && data.receivedThisMonth === 0)) return null;
  return (
    <Panel title="Advance Payments">
      <dl className="mb-3 grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-muted">Due</dt>
          <dd className="font-display text-2xl font-semibold" data-testid="advances-due">
            {formatRs(data.dueAmount)}
          </dd>
          <dd className="text-xs text-muted">{data.dueOrders} orders</dd>
        </div>
        <div>
          <dt className="text-muted">Proofs to check</dt>
          <dd className="font-display text-2xl font-semibold">{data.submitted}</dd>
        </div>
        <div>
          <dt className="text-muted">Received this month</dt>
          <dd className="font-display text-2xl font-semibold">{formatRs(data.receivedThisMonth)}</dd>
        </div>
      </dl>
      {data.waiting.length > 0 && (
        <table className="w-full text-sm" aria-label="Orders waiting on an advance">
          <tbody>
            {data.waiting.map((w) => (
              <tr key={w.id} className="border-b border-ink/5 last:border-0">
                <td className="py-1 pr-2 font-mono text-xs">#{w.orderNumber}</td>
                <td className="py-1 pr-2">{w.customerName}</td>
                <td className="py-1 text-muted">{w.status === "submitted" ? "Proof sent" : w.status}</td>
                <td className="py-1 text-right font-semibold">{formatRs(w.owed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
