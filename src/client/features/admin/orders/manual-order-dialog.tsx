import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { formatRs } from "@shared/rules/money.js";
import { MANUAL_ORDER_SOURCES, SOURCE_LABELS } from "@shared/rules/order-source.js";
import { checkoutForm, type CheckoutForm } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Field } from "@client/components/ui/field";
import { NativeSelect } from "@client/components/ui/native-select";
import { ApiError } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { CustomerFields, SERVER_FIELDS } from "./customer-fields";
import { ManualOrderItems, type ManualLine } from "./manual-order-items";
import { variantRef } from "@client/lib/variant-text";
import { useTakeOrder } from "@client/lib/admin/orders-api";
import { useDebounced, useQuote } from "@client/lib/cart/quote-api";
import { PriceSummary } from "@client/components/ui/price-summary";

type Source = (typeof MANUAL_ORDER_SOURCES)[number];

/** An order that came by message or call, typed in by a staff member; checkout's own checks and prices. */
export function ManualOrderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [lines, setLines] = useState<ManualLine[]>([]);
  const [source, setSource] = useState<Source>("whatsapp");
  const [confirmed, setConfirmed] = useState(false);
  const [notify, setNotify] = useState(false);
  const take = useTakeOrder();
  const form = useForm<CheckoutForm, unknown, z.output<typeof checkoutForm>>({
    resolver: zodResolver(checkoutForm),
    defaultValues: { paymentMethod: "cod" },
  });
  // The amounts as the server will price the order (the browser never computes money, decision 022).
  const city = useDebounced(form.watch("city") ?? "");
  const phone = useDebounced(form.watch("phone") ?? "");
  const quote = useQuote(
    lines.map((l) => ({
      first: { productId: l.product.id, ...variantRef(l), size: l.size, color: l.color },
      quantity: l.quantity,
    })),
    { city, phone },
  );
  // An answer for other lines (kept while the next is asked) would put prices beside the wrong lines.
  const priced = quote.isPlaceholderData ? undefined : quote.data;

  const submit = form.handleSubmit(async (values) => {
    if (lines.length === 0) {
      toast.error("No Items", { description: "Search for a product and add at least one item." });
      return;
    }
    try {
      const order = await take.mutateAsync({
        customerName: `${values.firstName} ${values.lastName}`,
        customerPhone: values.phone,
        customerEmail: values.email,
        shippingAddress: values.address,
        city: values.city,
        postalCode: values.postalCode,
        specialInstructions: values.specialInstructions,
        items: lines.map((l) => ({
          productId: l.product.id,
          ...variantRef(l),
          size: l.size,
          color: l.color,
          quantity: l.quantity,
        })),
        source,
        status: confirmed ? "processing" : "pending",
        notifyCustomer: notify,
      });
      toast.success("Order Taken", {
        description: `Order #${order.id.slice(0, 8)} for ${order.customerName}, ${formatRs(order.total)}.`,
      });
      form.reset();
      setLines([]);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.details)) {
          const target = SERVER_FIELDS[field];
          if (target) form.setError(target, { message });
        }
      }
      toastError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Take an order"
      description="For a customer who ordered by WhatsApp, Instagram, Facebook or phone. The server prices it and takes the stock."
      className="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <ManualOrderItems lines={lines} quote={priced} onChange={setLines} />
        {lines.length > 0 && priced && <PriceSummary subtotal={priced.subtotal} quote={priced} totalLabel="Total" />}
        <div className="grid gap-4 sm:grid-cols-2">
          <CustomerFields form={form} />
          <Field id="manual-source" label="Source">
            <NativeSelect id="manual-source" value={source} onChange={(e) => setSource(e.target.value as Source)}>
              {MANUAL_ORDER_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {SOURCE_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="space-y-2 pt-6 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-rose"
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
              />
              Already confirmed (Ready to Ship)
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-4 w-4 accent-rose"
                checked={notify}
                onChange={(e) => setNotify(e.target.checked)}
              />
              Send the customer the WhatsApp confirmation
            </label>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={take.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={take.isPending}>
            {take.isPending ? "Placing..." : "Place order"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
