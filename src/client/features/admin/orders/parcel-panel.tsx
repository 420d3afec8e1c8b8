import { useState } from "react";
import { toast } from "sonner";
import { courierOfName, type DeliveryResolution } from "@shared/schemas/couriers.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { toastError } from "@client/lib/admin/toast-error";
import { useCancelBooking, useResolveDeliveryIssue } from "./shipping-api";
import { dateTime } from "@client/lib/admin/date-time";

const RESOLUTION_LABELS: Record<DeliveryResolution, string> = {
  reattempt: "Deliver again",
  new_address: "Deliver to a new address",
  return: "Return the parcel",
};

/**
 * The parcel on the road: the courier's latest words, a failed attempt and what to do about it
 * (the courier is told once), and cancelling a booking that has not been picked up.
 */
export function ParcelPanel({ order }: { order: AdminOrder }) {
  const issue = order.deliveryIssue ?? null;
  const booked = order.status === "shipped" && courierOfName(order.courier) !== null;
  if (!order.courierStatus && !issue && !booked) return null;
  return (
    <section aria-label="Parcel" className="space-y-3 rounded-xl border border-ink/10 p-4">
      <h3 className="font-medium">Parcel with {order.courier}</h3>
      {order.courierStatus && (
        <p>
          {order.courier} says: <span className="font-medium">{order.courierStatus.text}</span>
          <span className="text-muted"> · {dateTime(order.courierStatus.at)}</span>
        </p>
      )}
      {issue && <DeliveryIssueBox order={order} issue={issue} />}
      {booked && <CancelBookingButton order={order} />}
    </section>
  );
}

function DeliveryIssueBox({ order, issue }: { order: AdminOrder; issue: NonNullable<AdminOrder["deliveryIssue"]> }) {
  const resolve = useResolveDeliveryIssue();
  const [address, setAddress] = useState("");
  const [askAddress, setAskAddress] = useState(false);
  const choose = (resolution: DeliveryResolution) =>
    resolve.mutate(
      { id: order.id, input: { resolution, ...(resolution === "new_address" ? { address } : {}) } },
      {
        onSuccess: () => toast.success("The courier will be told", { description: RESOLUTION_LABELS[resolution] }),
        onError: (error) => toastError(error),
      },
    );
  return (
    <div role="group" aria-label="Failed delivery" className="space-y-2 rounded-lg bg-amber-50 p-3">
      <p>
        <span className="font-medium">Delivery failed</span> ({issue.attempts}{" "}
        {issue.attempts === 1 ? "attempt" : "attempts"}): {issue.reason}
        <span className="text-muted"> · {dateTime(issue.at)}</span>
      </p>
      {issue.resolution ? (
        <p>
          Chosen: <span className="font-medium">{RESOLUTION_LABELS[issue.resolution]}</span>
          {issue.address
            ? ` (${issue.address})`
            : issue.resolution === "new_address"
              ? " (waiting for the address)"
              : ""}
        </p>
      ) : (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => choose("reattempt")} disabled={resolve.isPending}>
              Deliver again
            </Button>
            <Button size="sm" variant="outline" onClick={() => setAskAddress(true)} disabled={resolve.isPending}>
              New address
            </Button>
            <Button size="sm" variant="outline" onClick={() => choose("return")} disabled={resolve.isPending}>
              Return the parcel
            </Button>
          </div>
          {askAddress && (
            <div className="flex items-end gap-2">
              <Field id={`new-address-${order.id}`} label="New address" className="flex-1">
                <Input
                  id={`new-address-${order.id}`}
                  value={address}
                  onChange={(e) => setAddress(e.target.value)}
                  placeholder="House number, street, area, landmark"
                />
              </Field>
              <Button size="sm" onClick={() => choose("new_address")} disabled={resolve.isPending}>
                Send to courier
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function CancelBookingButton({ order }: { order: AdminOrder }) {
  const cancel = useCancelBooking();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={cancel.isPending}
      onClick={() =>
        cancel.mutate(order.id, {
          onSuccess: () => toast.success("Booking cancelled", { description: "The order is Ready to Ship again." }),
          onError: (error) => toastError(error),
        })
      }
    >
      Cancel booking
    </Button>
  );
}
