import { AlertTriangle, MessageCircle } from "lucide-react";
import { SOURCE_LABELS, type OrderSource } from "@shared/rules/order-source.js";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { STATUS_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import { imageVariantUrl, parseSelectedImage } from "@shared/rules/images.js";
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
import { OrderNotes } from "./order-notes";
import { OrderWhatsappPanel } from "./order-whatsapp-panel";
import { AdvanceSection } from "./advance-admin";

const dateTime = (iso: string) => new Date(iso).toLocaleString("en-PK", { dateStyle: "medium", timeStyle: "short" });
const statusLabel = (s: string) => STATUS_LABELS[s as OrderStatus] ?? s;

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

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const earlier = order.customerHistory.orders.filter((o) => o.id !== order.id);
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

      <section aria-label="Items">
        <h3 className="mb-2 font-medium">Items</h3>
        <ul className="divide-y divide-ink/5">
          {order.items.map((item, i) => {
            const image = parseSelectedImage(item.selectedImage);
            return (
              <li key={i} className="flex items-center gap-3 py-2">
                {image ? (
                  <img
                    src={imageVariantUrl(image, "thumb")}
                    alt=""
                    width={48}
                    height={48}
                    className="h-12 w-12 rounded-lg object-cover"
                  />
                ) : (
                  <span className="h-12 w-12 rounded-lg bg-ink/5" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{item.productName}</p>
                  <p className="text-xs text-muted">
                    {item.color || "No Color"} · {item.size || "No Size"} · Qty {item.quantity}
                  </p>
                </div>
                <span className="text-right font-medium">
                  {item.regularPrice !== undefined && (
                    <s className="block text-xs font-normal text-muted" aria-label="Regular price">
                      {formatRs(item.regularPrice * item.quantity)}
                    </s>
                  )}
                  {formatRs(item.price * item.quantity)}
                </span>
              </li>
            );
          })}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-ink/10 pt-2" aria-label="Amounts">
          <div className="flex justify-between">
            <dt className="text-muted">Subtotal</dt>
            <dd>{formatRs(order.subtotal)}</dd>
          </div>
          {Number(order.saleDiscount) > 0 && (
            <div className="flex justify-between text-xs" data-testid="order-sale-discount">
              <dt className="text-muted">Sale savings (already in the prices)</dt>
              <dd className="text-muted">{formatRs(order.saleDiscount)}</dd>
            </div>
          )}
          {Number(order.discount) > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted">Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
              <dd>− {formatRs(order.discount)}</dd>
            </div>
          )}
          <div className="flex justify-between">
            <dt className="text-muted">Delivery</dt>
            <dd>{Number(order.deliveryFee) > 0 ? formatRs(order.deliveryFee) : "Free"}</dd>
          </div>
          {Number(order.codFee) > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted">Cash on delivery fee</dt>
              <dd>{formatRs(order.codFee)}</dd>
            </div>
          )}
          <div className="flex justify-between font-semibold">
            <dt>Total (Cash on Delivery)</dt>
            <dd>{formatRs(order.total)}</dd>
          </div>
          {order.codAmount !== order.total && (
            <div className="flex justify-between font-semibold">
              <dt>To collect on delivery</dt>
              <dd>{formatRs(order.codAmount)}</dd>
            </div>
          )}
        </dl>
      </section>

      <AdvanceSection key={`${order.id}-${order.advance.status}`} order={order} />
      <TrackingForm key={`${order.id}-${order.trackingNumber}`} order={order} />
      <ParcelPanel order={order} />

      <section aria-label="Status timeline">
        <h3 className="mb-2 font-medium">Status timeline</h3>
        <ol className="space-y-2 border-l-2 border-sand pl-4">
          {order.timeline.map((event, i) => (
            <li key={i}>
              <span className="font-medium">{statusLabel(event.status)}</span>
              <span className="text-muted">
                {" "}
                · {dateTime(event.createdAt)} · by {event.actor}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Customer history" className="rounded-xl border border-ink/10 p-4">
        <h3 className="font-medium">Earlier orders from this phone</h3>
        {order.customerHistory.cancelledCount > 0 && (
          <p className="mt-2 flex items-center gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800">
            <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
            {order.customerHistory.cancelledCount} cancelled{" "}
            {order.customerHistory.cancelledCount === 1 ? "order" : "orders"}: confirm before dispatching.
          </p>
        )}
        {earlier.length === 0 ? (
          <p className="mt-1 text-muted">First order from this customer.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {earlier.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-mono text-xs">{orderNumber(o.id)}</span>
                <span className="text-muted">{new Date(o.createdAt).toLocaleDateString("en-PK")}</span>
                <StatusBadge status={o.status} label={statusLabel(o.status)} />
                <span className="ml-auto">{formatRs(o.total)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

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
