import { lazy, Suspense, useState } from "react";
import { RefreshCw } from "lucide-react";
import { toast } from "sonner";
import { formatRs } from "@shared/rules/money.js";
import type { CourierRemittance, RemittancesView } from "@shared/schemas/remittances.js";
import { Button } from "@client/components/ui/button";
import { NativeSelect } from "@client/components/ui/native-select";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { Panel } from "@client/components/admin/panel";
import { toastError } from "@client/lib/admin/toast-error";
import { FlagsPanel } from "./flags-panel";
import { usePullPayments, useRemittances } from "./remittances-api";
import { SheetUploadPanel } from "./sheet-upload-panel";
import type { WeekPoint } from "./weekly-cash-chart";

const WeeklyCashChart = lazy(() => import("./weekly-cash-chart"));

/** Remittances (owner): where each courier's cash is, what is flagged, and the settlement import. */
export function RemittancesTab() {
  const [courier, setCourier] = useState("");
  const all = useRemittances("");
  const view = useRemittances(courier);
  const pull = usePullPayments();
  const couriers = all.data?.couriers.map((c) => c.courier) ?? [];
  const ask = () =>
    pull.mutate(undefined, {
      onSuccess: (r) => toast.success("Couriers asked", { description: `${r.asked} parcels asked, ${r.paid} paid` }),
      onError: (e) => toastError(e, "Could not ask the couriers"),
    });

  if (view.isError) return <p role="alert">{errorMessage(view.error)}</p>;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor="remit-filter" className="text-sm font-medium">
          Show
        </label>
        <NativeSelect id="remit-filter" value={courier} onChange={(e) => setCourier(e.target.value)} className="w-48">
          <option value="">All couriers</option>
          {couriers.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
        <Button variant="outline" size="sm" onClick={ask} disabled={pull.isPending} className="ml-auto">
          <RefreshCw className="h-4 w-4" aria-hidden /> {pull.isPending ? "Asking…" : "Ask couriers for payments now"}
        </Button>
      </div>
      {!view.data ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : (
        <>
          <CourierCards couriers={view.data.couriers} />
          <WeeklyPanel weeks={view.data.weeks} />
        </>
      )}
      <SheetUploadPanel couriers={couriers} />
      {view.data && <FlagsPanel flags={view.data.flags} open={view.data.openFlags} courier={courier} />}
    </div>
  );
}

const AGING: Array<[keyof CourierRemittance["aging"], string]> = [
  ["days0to7", "0–7 days"],
  ["days8to15", "8–15 days"],
  ["days16to30", "16–30 days"],
  ["over30", "Over 30 days"],
];

function CourierCards({ couriers }: { couriers: CourierRemittance[] }) {
  if (couriers.length === 0)
    return <p className="text-sm text-muted">No delivered parcels yet: the cash couriers owe shows here.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {couriers.map((c) => (
        <section
          key={c.courier}
          aria-label={`${c.courier} remittance`}
          className="rounded-2xl border border-ink/5 bg-white p-4 shadow-sm sm:p-5"
        >
          <h3 className="font-display text-lg font-semibold">{c.courier}</h3>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
            <Figure label="Expected" value={c.expected} hint={`${c.parcels} delivered`} />
            <Figure label="Received" value={c.received} hint={`${c.paidParcels} paid`} />
            <Figure label="Charges" value={c.charges} />
            <Figure label="Tax" value={c.tax} />
            <Figure label="Outstanding" value={c.outstanding} strong />
          </dl>
          <h4 className="mt-4 text-xs font-medium uppercase tracking-wider text-muted">Unpaid since delivery</h4>
          <dl className="mt-1 grid grid-cols-4 gap-2 text-sm">
            {AGING.map(([key, label]) => (
              <div key={key}>
                <dt className="text-xs text-muted">{label}</dt>
                <dd>
                  {formatRs(c.aging[key])}
                  <span className="block text-xs text-muted">{c.agingParcels[key]} parcels</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

function Figure({ label, value, hint, strong }: { label: string; value: number; hint?: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={strong ? "font-semibold" : undefined}>
        {formatRs(value)}
        {hint && <span className="block text-xs text-muted">{hint}</span>}
      </dd>
    </div>
  );
}

const weekLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

function WeeklyPanel({ weeks }: { weeks: RemittancesView["weeks"] }) {
  const data: WeekPoint[] = weeks.map((w) => ({
    label: weekLabel(w.week),
    expected: w.expected,
    received: w.received,
  }));
  return (
    <Panel title="Cash expected and received by week">
      {data.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">No deliveries or payments in the last 12 weeks.</p>
      ) : (
        <>
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <WeeklyCashChart data={data} />
          </Suspense>
          <ul className="sr-only">
            {data.map((d) => (
              <li key={d.label}>
                Week of {d.label}: expected {formatRs(d.expected)}, received {formatRs(d.received)}
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
