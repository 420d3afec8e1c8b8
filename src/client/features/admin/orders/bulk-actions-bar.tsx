import { Printer, Truck } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { orderNumber } from "@shared/rules/labels.js";
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import type { BookOrdersResult } from "@shared/schemas/shipping.js";
import { Button, buttonVariants } from "@client/components/ui/button";
import { NativeSelect } from "@client/components/ui/native-select";
import { toastError } from "@client/lib/admin/toast-error";
import { labelsUrl, useBookOrders, useBulkStatus, useEnabledCouriers } from "./shipping-api";
import type { CourierId } from "@shared/schemas/couriers.js";

/** What the agent can do with the selected rows: change status, print labels, book with the courier. */
export function BulkActionsBar({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const [status, setStatus] = useState<OrderStatus>("processing");
  const [booking, setBooking] = useState<BookOrdersResult | null>(null);
  const bulk = useBulkStatus();
  const book = useBookOrders();
  const couriers = useEnabledCouriers().data ?? [];
  const [chosen, setChosen] = useState<CourierId | "">("");
  const courier = couriers.find((c) => c.courier === chosen) ?? couriers[0];
  if (selected.length === 0 && !booking) return null;

  const apply = () =>
    bulk.mutate(
      { ids: selected, status },
      {
        onSuccess: ({ changed }) => {
          toast.success("Orders Updated", { description: `${changed} of ${selected.length} orders changed.` });
          onDone();
        },
        onError: (error) => toastError(error),
      },
    );
  const bookSelected = () =>
    book.mutate(
      { ids: selected, courier: courier?.courier },
      {
        onSuccess: (result) => {
          setBooking(result);
          if (result.booked > 0)
            toast.success(`Booked with ${courier?.name ?? "the courier"}`, {
              description: `${result.booked} parcels booked.`,
            });
          if (result.booked === result.results.length) onDone();
        },
        onError: (error) => toastError(error),
      },
    );

  return (
    <section aria-label="Selected orders" className="mb-4 space-y-3 rounded-xl border border-ink/10 bg-cream p-3">
      {selected.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{selected.length} selected</span>
          <NativeSelect
            aria-label="New status for the selected orders"
            value={status}
            onChange={(e) => setStatus(e.target.value as OrderStatus)}
            className="w-40"
          >
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
          <Button size="sm" variant="outline" onClick={apply} disabled={bulk.isPending}>
            Set status
          </Button>
          <a
            href={labelsUrl(selected, "a6")}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Printer className="h-4 w-4" aria-hidden /> Print labels (A6)
          </a>
          <a
            href={labelsUrl(selected, "a4")}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Printer className="h-4 w-4" aria-hidden /> Labels on A4
          </a>
          {couriers.length > 1 && (
            <NativeSelect
              aria-label="Courier to book with"
              value={courier?.courier ?? ""}
              onChange={(e) => setChosen(e.target.value as CourierId)}
              className="w-36"
            >
              {couriers.map((c) => (
                <option key={c.courier} value={c.courier}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
          <Button size="sm" onClick={bookSelected} disabled={book.isPending}>
            <Truck className="h-4 w-4" aria-hidden />{" "}
            {book.isPending ? "Booking…" : `Book with ${courier?.name ?? "Leopards"}`}
          </Button>
        </div>
      )}
      {booking && (
        <div role="status" aria-label="Booking results" className="text-sm">
          <p className="font-medium">
            Booked {booking.booked} of {booking.results.length}
            <button type="button" className="ml-3 text-xs text-muted underline" onClick={() => setBooking(null)}>
              Dismiss
            </button>
          </p>
          <ul className="mt-1 space-y-0.5">
            {booking.results.map((r) => (
              <li key={r.orderId} className={r.booked ? "text-green-800" : "text-red-700"}>
                #{orderNumber(r.orderId)}: {r.booked ? `booked, tracking number ${r.trackingNumber}` : r.error}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
