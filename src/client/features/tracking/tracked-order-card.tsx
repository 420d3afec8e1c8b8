import { ImageIcon } from "lucide-react";
import { Link } from "react-router";
import { formatRs } from "@shared/rules/money.js";
import { STATUS_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import { parseSelectedImage } from "@shared/rules/images.js";
import type { TrackedOrder } from "@shared/schemas/orders.js";
import { StatusBadge } from "@client/components/ui/badge";
import { ThumbnailButton } from "@client/components/ui/image-lightbox";
import { OrderAftercare } from "@client/features/tracking/returns/order-aftercare";
import { CancelOrderButton } from "./cancel-order-button";
import { AdvancePanel } from "@client/components/advance/advance-panel";
import { variantText } from "@client/lib/variant-text";

const dateFormat = new Intl.DateTimeFormat("en-PK", { day: "numeric", month: "short", year: "numeric" });

/** The spec's order card: number, date, status, customer, phone, city, total, items, and cancel when pending. */
export function TrackedOrderCard({
  order,
  cancelling,
  onCancel,
  phone,
  onChanged,
}: {
  order: TrackedOrder;
  cancelling: boolean;
  onCancel(): void;
  /** The phone the shopper searched with: it proves a return request. */
  phone?: string;
  onChanged?(): void;
}) {
  // Found by phone number alone, a card has no number: the number is what proves the order (decision 013).
  const placed = dateFormat.format(new Date(order.createdAt));
  const title = order.orderNumber ? `Order #${order.orderNumber}` : "Order";
  return (
    <article
      aria-label={order.orderNumber ? `Order ${order.orderNumber}` : `Order of ${placed}`}
      className="rounded-2xl border border-ink/10 bg-cream/50 p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold tracking-wide">{title}</h3>
          <p className="text-xs text-muted">{placed}</p>
        </div>
        <StatusBadge status={order.status} label={STATUS_LABELS[order.status as OrderStatus]} />
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <div>
          <dt className="text-xs text-muted">Customer</dt>
          <dd className="truncate">{order.customerName}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Phone</dt>
          <dd>{order.customerPhone}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">City</dt>
          <dd>{order.city}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Total</dt>
          <dd className="font-semibold">{formatRs(order.total)}</dd>
        </div>
      </dl>
      <ul className="mt-3 space-y-2 border-t border-ink/10 pt-3" aria-label="Items">
        {order.items.map((item, i) => {
          const image = parseSelectedImage(item.selectedImage);
          return (
            <li key={`${item.productId}-${item.size}-${item.color}-${i}`} className="flex items-center gap-3 text-sm">
              {image ? (
                <ThumbnailButton
                  image={image}
                  alt={item.productName}
                  label={`Enlarge image of ${item.productName}`}
                  width={48}
                  height={60}
                  className="rounded-lg"
                  imgClassName="h-15 w-12"
                />
              ) : (
                <span className="grid h-15 w-12 shrink-0 place-items-center rounded-lg bg-white text-muted" aria-hidden>
                  <ImageIcon className="h-4 w-4" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <Link to={`/product/${item.productId}`} className="line-clamp-1 font-medium hover:text-rose">
                  {item.productName}
                </Link>
                <p className="text-xs text-muted">
                  {[variantText(item) ?? [item.color, item.size && `Size ${item.size}`], `Qty ${item.quantity}`]
                    .flat()
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <span className="tabular-nums">{formatRs(item.price * item.quantity)}</span>
            </li>
          );
        })}
      </ul>
      <AdvancePanel order={order} phone={phone ?? order.customerPhone} onSent={() => onChanged?.()} />
      <OrderAftercare order={order} phone={phone} onChanged={() => onChanged?.()} />
      {order.status === "pending" && (
        <div className="mt-3 flex justify-end">
          <CancelOrderButton pending={cancelling} onConfirm={onCancel} />
        </div>
      )}
    </article>
  );
}
