import { PackageSearch } from "lucide-react";
import { useState } from "react";
import { toast } from "@client/lib/toast";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Field } from "@client/components/ui/field";
import { Input, OrderNumberInput } from "@client/components/ui/input";
import type { TrackedOrder } from "@shared/schemas/orders.js";
import { ApiError, errorMessage } from "@client/lib/api";
import { trackQuery, useCancelOrder, useTrackOrders, type TrackQuery } from "./tracking-api";
import { TrackedOrdersList } from "./tracked-orders-list";
import { useCloseOnNavigation } from "./use-close-on-navigation";

/** Track Your Orders: find this phone number's orders, see their status, cancel a pending one. */
export default function TrackOrdersDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [name, setName] = useState("");
  const [city, setCity] = useState("");
  const [phone, setPhone] = useState("");
  const [orderNumber, setOrderNumber] = useState("");
  const [lastQuery, setLastQuery] = useState<TrackQuery | null>(null);
  // Kept across a re-search so the list does not flash away after a cancel.
  const [orders, setOrders] = useState<TrackedOrder[] | null>(null);
  const search = useTrackOrders();
  const cancel = useCancelOrder();

  useCloseOnNavigation(onOpenChange);

  const run = (query: TrackQuery) => {
    setLastQuery(query);
    search.mutate(query, { onSuccess: setOrders, onError: () => setOrders(null) });
  };

  const reset = () => {
    setName("");
    setCity("");
    setPhone("");
    setOrderNumber("");
    setLastQuery(null);
    setOrders(null);
    search.reset();
  };

  const cancelOrder = (id: string) => {
    if (!lastQuery) return;
    cancel.mutate(
      { id, phone: lastQuery.phone },
      {
        onSuccess: () => {
          toast.success("Order Cancelled", { description: "Your order has been cancelled successfully." });
          run(lastQuery);
        },
        onError: (error) => {
          // The server's own words when it refuses for a reason a person can act on (too many tries, no longer pending).
          const specific = error instanceof ApiError && [403, 409, 429].includes(error.status);
          toast.error("Error", {
            description: specific ? errorMessage(error) : "Failed to cancel order. Please try again.",
          });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Track Your Orders"
      description="Enter the phone number you ordered with to see your orders."
      className="max-w-2xl"
    >
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (phone.trim()) run(trackQuery(phone, name, city, orderNumber));
        }}
      >
        <Field id="track-name" label="Name (optional)">
          <Input id="track-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        </Field>
        <Field id="track-city" label="City (optional)">
          <Input id="track-city" value={city} onChange={(e) => setCity(e.target.value)} autoComplete="address-level2" />
        </Field>
        <Field
          id="track-phone"
          label="Phone Number"
          className="sm:col-span-2"
          error={search.isError ? errorMessage(search.error) : undefined}
        >
          <Input
            id="track-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            placeholder="03XX XXXXXXX"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            aria-invalid={search.isError || undefined}
            aria-describedby={search.isError ? "track-phone-error" : undefined}
          />
        </Field>
        <Field
          id="track-order-number"
          label="Order Number (optional)"
          className="sm:col-span-2"
          hint="From your WhatsApp message or parcel label: shows that order in full, with your whole name"
        >
          <OrderNumberInput
            id="track-order-number"
            aria-describedby="track-order-number-hint"
            value={orderNumber}
            onChange={(e) => setOrderNumber(e.target.value)}
          />
        </Field>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" className="flex-1" disabled={!phone.trim() || search.isPending}>
            <PackageSearch className="h-4 w-4" aria-hidden />
            {search.isPending ? "Searching..." : "Search Orders"}
          </Button>
          <Button type="button" variant="outline" onClick={reset}>
            Reset
          </Button>
        </div>
      </form>

      <div aria-live="polite" className="mt-5">
        {orders && (
          <TrackedOrdersList
            orders={orders}
            cancellingId={cancel.isPending ? cancel.variables?.id : undefined}
            onChanged={() => lastQuery && run(lastQuery)}
            onCancel={cancelOrder}
            phone={lastQuery?.phone}
          />
        )}
      </div>
    </Dialog>
  );
}
