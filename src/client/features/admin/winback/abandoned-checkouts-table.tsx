import { formatRs } from "@shared/rules/money.js";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { useAbandonedCheckouts } from "./winback-api";

/** Saved checkouts, the reminders sent and what they won back (orders within 7 days of the message). */
export function AbandonedCheckoutsTable() {
  const report = useAbandonedCheckouts();
  if (report.isPending) return <Skeleton className="h-32 w-full" />;
  if (report.isError) return <p className="text-sm text-red-700">{errorMessage(report.error)}</p>;
  const { summary, items } = report.data;
  const cards = [
    ["Saved", summary.saved],
    ["Messaged", summary.messaged],
    ["Recovered", summary.recovered],
    ["Revenue", formatRs(summary.revenue)],
    ["Returned", summary.returned],
  ] as const;
  return (
    <section aria-label="Abandoned checkouts" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="font-display text-lg font-semibold">Abandoned checkouts</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-cream p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="text-xs text-muted">
            <th>Saved</th>
            <th>Phone</th>
            <th>Items</th>
            <th>Cart</th>
            <th>Reminders</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} className="border-t border-ink/5">
              <td>{new Date(i.createdAt).toLocaleString()}</td>
              <td>+{i.phone}</td>
              <td>{i.lines}</td>
              <td>{formatRs(i.subtotal)}</td>
              <td>{i.reminders}</td>
              <td>{i.recoveredOrderId ? "Recovered" : i.stopReason ? `Stopped: ${i.stopReason}` : i.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
