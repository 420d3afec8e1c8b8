import { ExternalLink, Truck } from "lucide-react";
import { useState } from "react";
import { returnWindowEnds } from "@shared/rules/returns.js";
import type { TrackedOrder } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { ReturnRequestForm } from "./return-request-form";

const dateFormat = new Intl.DateTimeFormat("en-PK", { day: "numeric", month: "short", year: "numeric" });

/** Below a tracked order: its courier and tracking link, its return requests, and asking for one. */
export function OrderAftercare({
  order,
  phone,
  onChanged,
}: {
  order: TrackedOrder;
  phone?: string;
  onChanged(): void;
}) {
  const [asking, setAsking] = useState(false);
  const closes = order.status === "delivered" && order.deliveredAt ? returnWindowEnds(order.deliveredAt) : null;
  const canAsk = !!closes && closes.getTime() > Date.now() && !!phone;
  return (
    <>
      {(order.courier || order.trackingNumber) && (
        <div
          aria-label="Shipping"
          className="mt-3 flex flex-wrap items-center gap-2 border-t border-ink/10 pt-3 text-sm"
        >
          <Truck className="h-4 w-4 text-muted" aria-hidden />
          <span>
            {order.courier}
            {order.trackingNumber && (
              <>
                {" "}
                · Tracking number <span className="font-mono">{order.trackingNumber}</span>
              </>
            )}
          </span>
          {order.trackingUrl && (
            <a
              href={order.trackingUrl}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 underline"
            >
              Track parcel <ExternalLink className="h-3.5 w-3.5" aria-hidden />
            </a>
          )}
        </div>
      )}
      {(order.returns ?? []).length > 0 && (
        <ul aria-label="Returns and exchanges" className="mt-3 space-y-1 border-t border-ink/10 pt-3 text-sm">
          {order.returns!.map((r) => (
            <li key={r.id}>
              <p className="font-medium">{r.statusText}</p>
              {r.adminNote && <p className="text-muted">Store&apos;s note: {r.adminNote}</p>}
              {r.replacementOrderNumber && <p className="text-muted">Replacement order #{r.replacementOrderNumber}</p>}
            </li>
          ))}
        </ul>
      )}
      {canAsk && !asking && (
        <div className="mt-3 flex flex-wrap items-center justify-end gap-2 text-xs text-muted">
          <span>Returns and exchanges until {dateFormat.format(closes)}</span>
          <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
            Return or exchange
          </Button>
        </div>
      )}
      {asking && phone && (
        <ReturnRequestForm
          order={order}
          phone={phone}
          onCancel={() => setAsking(false)}
          onSent={() => {
            setAsking(false);
            onChanged();
          }}
        />
      )}
    </>
  );
}
