import { MapPin } from "lucide-react";
import type { CustomersReport } from "@shared/schemas/admin.js";
import { Panel } from "@client/components/admin/panel";

/** How many customers come back (one-time, 2-3, 4-5, 6+ VIP) and where they live. */
export function CustomerInsights({ report }: { report: CustomersReport }) {
  const d = report.distribution;
  const tiers = [
    { label: "One-time", value: d.oneTime, color: "bg-sand" },
    { label: "2-3 orders", value: d.twoToThree, color: "bg-rose/60" },
    { label: "4-5 orders", value: d.fourToFive, color: "bg-rose" },
    { label: "6+ orders (VIP)", value: d.vip, color: "bg-ink" },
  ];
  const all = Math.max(1, report.totalCustomers);
  const topCity = Math.max(1, ...report.topCities.map((c) => c.customers));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Customer Distribution">
        <ul className="space-y-3">
          {tiers.map((t) => (
            <li key={t.label} aria-label={t.label}>
              <div className="flex justify-between text-sm">
                <span>{t.label}</span>
                <span className="font-semibold">
                  {t.value} <span className="font-normal text-muted">({Math.round((t.value / all) * 100)}%)</span>
                </span>
              </div>
              <div className="mt-1 h-2 overflow-hidden rounded-full bg-ink/5">
                <div className={`h-full rounded-full ${t.color}`} style={{ width: `${(t.value / all) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Top 5 Cities">
        {report.topCities.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">No customers yet.</p>
        ) : (
          <ol className="space-y-3">
            {report.topCities.map((c) => (
              <li key={c.city} className="flex items-center gap-3 text-sm">
                <MapPin className="h-4 w-4 shrink-0 text-rose" aria-hidden />
                <span className="w-28 truncate font-medium">{c.city}</span>
                <div className="h-2 flex-1 overflow-hidden rounded-full bg-ink/5">
                  <div className="h-full rounded-full bg-sand" style={{ width: `${(c.customers / topCity) * 100}%` }} />
                </div>
                <span className="w-24 text-right text-muted">
                  {c.customers} {c.customers === 1 ? "customer" : "customers"}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </div>
  );
}
