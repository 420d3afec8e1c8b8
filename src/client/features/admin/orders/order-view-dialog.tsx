import { useState } from "react";
import { MessageCircle } from "lucide-react";
import { SOURCE_LABELS, type OrderSource } from "@shared/rules/order-source.js";
import { orderNumber } from "@shared/rules/labels.js";
import type { AdminOrderDetail } from "@shared/schemas/orders.js";
import { buttonVariants } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Skeleton } from "@client/components/ui/skeleton";
import { StatusBadge } from "@client/components/ui/badge";
import { errorMessage } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { ParcelPanel } from "./parcel-panel";
import { TrackingForm } from "./tracking-form";
import { useAdminOrder } from "@client/lib/admin/orders-api";
import { CustomerHistory, StatusTimeline, statusLabel } from "./order-history";
import { ItemEditor } from "./item-editor";
import { OrderItems } from "./order-items";
import { OrderNotes } from "./order-notes";
import { OrderWhatsappPanel } from "./order-whatsapp-panel";
import { AdvanceSection } from "./advance-admin";
import { dateTime } from "@client/lib/admin/date-time";

/** Everything needed to confirm a COD order: address, items, history, and a WhatsApp chat. */
export function OrderViewDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const order = useAdminOrder(orderId);
  return (
    <Dialog
      open={orderId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={orderId ? `Order #${orderNumber(orderId)}` : "Order"}
      className="max-w-2xl"
    >
      {order.isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading order">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : order.isError ? (
        <p className="text-sm text-red-700">{errorMessage(order.error)}</p>
      ) : (
        <OrderDetail order={order.data} />
      )}
    </Dialog>
  );
}

/**
 * Items may change before the parcel leaves: pending, Ready to Ship, or booked through a courier's
 * API and not yet picked up (the server asks the courier, and says so if it refuses).
 */
const itemsEditable = (order: AdminOrderDetail) =>
  order.status === "pending" ||
  order.status === "processing" ||
  (order.status === "shipped" && !!order.trackingNumber && ["PostEx", "Leopards"].includes(order.courier ?? ""));

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={order.status} label={statusLabel(order.status)} />
        <span className="text-muted">Placed {dateTime(order.createdAt)}</span>
        <span className="text-muted">via {SOURCE_LABELS[order.source as OrderSource] ?? order.source}</span>
      </div>

      <OrderWhatsappPanel order={order} />

      <section aria-label="Customer" className="grid gap-4 rounded-xl bg-cream p-4 sm:grid-cols-2">
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wider text-muted">Customer</h3>
          <p className="mt-1 font-medium">{order.customerName}</p>
          <p>{order.customerPhone}</p>
          {order.customerEmail && <p className="break-all text-muted">{order.customerEmail}</p>}
        </div>
        <div>
          <h3 className="text-xs font-medium uppercase tracking-wider text-muted">Delivery address</h3>
          <p className="mt-1 whitespace-pre-line">{order.shippingAddress}</p>
          <p>
            {order.city}
            {order.postalCode && ` ${order.postalCode}`}
          </p>
        </div>
        {order.specialInstructions && (
          <p className="sm:col-span-2">
            <span className="font-medium">Instructions: </span>
            {order.specialInstructions}
          </p>
        )}
      </section>

      {editing ? (
        <ItemEditor
          order={order}
          onDone={(message) => {
            setEditing(false);
            setNotice(message);
          }}
        />
      ) : (
        <OrderItems
          order={order}
          onEdit={
            itemsEditable(order)
              ? () => {
                  setNotice(null);
                  setEditing(true);
                }
              : undefined
          }
        />
      )}
      {notice && (
        <p role="status" className="rounded-lg bg-cream p-3">
          {notice}
        </p>
      )}

      <AdvanceSection key={`${order.id}-${order.advance.status}`} order={order} />
      <TrackingForm key={`${order.id}-${order.trackingNumber}`} order={order} />
      <ParcelPanel order={order} />

      <StatusTimeline order={order} />

      <CustomerHistory order={order} />

      <OrderNotes order={order} />

      <a
        href={order.whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(buttonVariants(), "w-full bg-[#1f7a4d] hover:bg-[#18633e]")}
      >
        <MessageCircle className="h-4 w-4" aria-hidden /> Confirm on WhatsApp
      </a>
    </div>
  );
}
