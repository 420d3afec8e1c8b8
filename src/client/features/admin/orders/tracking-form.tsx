import { ExternalLink } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { KNOWN_COURIERS } from "@shared/rules/couriers.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { errorMessage } from "@client/lib/api";
import { useSetTracking } from "./shipping-api";

/** Courier and tracking number, typed by hand for any courier; saving one on a ready order ships it. */
export function TrackingForm({ order }: { order: AdminOrder }) {
  const [courier, setCourier] = useState(order.courier ?? "");
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? "");
  const save = useSetTracking();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: order.id, courier, trackingNumber },
      { onSuccess: (saved) => toast.success("Tracking saved", { description: `Order is ${saved.status}.` }) },
    );
  };
  return (
    <section aria-label="Shipping" className="rounded-xl border border-ink/10 p-4">
      <h3 className="mb-2 font-medium">Courier and tracking</h3>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field id="courier" label="Courier">
          <Input id="courier" list="known-couriers" value={courier} onChange={(e) => setCourier(e.target.value)} />
          <datalist id="known-couriers">
            {KNOWN_COURIERS.map((c) => (
              <option key={c.name} value={c.name} />
            ))}
          </datalist>
        </Field>
        <Field id="tracking-number" label="Tracking number">
          <Input id="tracking-number" value={trackingNumber} onChange={(e) => setTrackingNumber(e.target.value)} />
        </Field>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
      </form>
      {save.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(save.error)}
        </p>
      )}
      {order.trackingUrl && (
        <a
          href={order.trackingUrl}
          target="_blank"
          rel="noreferrer"
          className="mt-2 inline-flex items-center gap-1 text-sm underline"
        >
          Track on {order.courier}&apos;s site <ExternalLink className="h-3.5 w-3.5" aria-hidden />
        </a>
      )}
      {order.status === "processing" && !order.trackingNumber && (
        <p className="mt-2 text-xs text-muted">Saving a tracking number marks this order Shipped.</p>
      )}
    </section>
  );
}
