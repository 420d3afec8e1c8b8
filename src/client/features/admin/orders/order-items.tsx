import { formatRs } from "@shared/rules/money.js";
import { imageVariantUrl, parseSelectedImage } from "@shared/rules/images.js";
import { Pencil } from "lucide-react";
import type { AdminOrderDetail } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { variantText } from "@client/lib/variant-text";

/** What was ordered, each line with its photo, and the amounts down to what the courier collects. */
export function OrderItems({ order, onEdit }: { order: AdminOrderDetail; onEdit?: () => void }) {
  return (
    <section aria-label="Items">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="font-medium">Items</h3>
        {onEdit && (
          <Button type="button" variant="outline" size="sm" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit items
          </Button>
        )}
      </div>
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
                  {variantText(item) ?? `${item.color || "No Color"} · ${item.size || "No Size"}`} · Qty {item.quantity}
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
  );
}
