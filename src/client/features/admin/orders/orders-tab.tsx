import { Download, Eye } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { ORDER_STATUSES, STATUS_FILTER_LABELS, STATUS_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import { Button, buttonVariants } from "@client/components/ui/button";
import { NativeSelect } from "@client/components/ui/native-select";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { toastError } from "@client/lib/admin/toast-error";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { ManualOrderDialog } from "./manual-order-dialog";
import { BulkActionsBar } from "./bulk-actions-bar";
import { CheckParcelsButton } from "./check-parcels-button";
import { OrderThumbnails } from "./order-thumbnails";
import { OrderViewDialog } from "./order-view-dialog";
import {
  ORDERS_PAGE_SIZE,
  ordersCsvUrl,
  useAdminOrders,
  useUpdateOrderStatus,
  type QueueFilters,
} from "@client/lib/admin/orders-api";
import { ConfirmationBadge, RiskBadge } from "./confirmation-badges";
import { useLiveOrders } from "@client/lib/admin/order-confirmation-api";
import { QueueFilterSelects } from "./queue-filters";
import { AdvanceBadge } from "./advance-admin";

const STATUS_SELECT_COLOURS: Record<string, string> = {
  pending: "[&_select]:bg-yellow-50",
  processing: "[&_select]:bg-blue-50",
  shipped: "[&_select]:bg-purple-50",
  delivered: "[&_select]:bg-green-50",
  returned: "[&_select]:bg-orange-50",
  cancelled: "[&_select]:bg-red-50",
};

/** Phone width: the table's rows as cards (the header hidden, each row a wrapping line of fields). */
const PHONE_CARDS =
  "max-sm:[&_table]:block max-sm:[&_table]:min-w-0 max-sm:[&_tbody]:block max-sm:[&_thead]:hidden max-sm:[&_td]:border-t-0 max-sm:[&_td]:p-0";
const CARD_ROW =
  "max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:border-t max-sm:border-ink/10 max-sm:py-3";

/** Orders: status filters with server counts, a paged table, status changes and the order view. */
export function OrdersTab() {
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  const [taking, setTaking] = useState(false);
  const [queue, setQueue] = useState<QueueFilters>({});
  const [selected, setSelected] = useState<string[]>([]);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const orders = useAdminOrders(status, offset, queue);
  useLiveOrders();
  const update = useUpdateOrderStatus();
  const counts = orders.data?.counts ?? {};
  const total = orders.data?.total ?? 0;

  const filter = (next: OrderStatus | undefined) => {
    setStatus(next);
    setOffset(0);
  };
  const changeStatus = (id: string, next: OrderStatus) =>
    update.mutate(
      { id, status: next },
      {
        onSuccess: () => toast.success("Order Updated", { description: "Order status has been updated." }),
        onError: (error) => toastError(error),
      },
    );

  return (
    <Panel
      title="Orders"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setTaking(true)}>
            Take an order
          </Button>
          <CheckParcelsButton />
          <a href={ordersCsvUrl(status)} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
        </div>
      }
    >
      <ManualOrderDialog open={taking} onOpenChange={setTaking} />
      <div
        role="group"
        aria-label="Filter by status"
        className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {[undefined, ...ORDER_STATUSES].map((s) => (
          <button
            key={s ?? "all"}
            type="button"
            aria-pressed={status === s}
            onClick={() => filter(s)}
            className={cn(
              "shrink-0 cursor-pointer rounded-full border px-3.5 py-1.5 text-sm transition-colors",
              status === s ? "border-ink bg-ink text-cream" : "border-ink/15 bg-white hover:border-ink/40",
            )}
          >
            {s ? STATUS_FILTER_LABELS[s] : "All"} <span className="opacity-70">({counts[s ?? "all"] ?? 0})</span>
          </button>
        ))}
      </div>

      <QueueFilterSelects
        value={queue}
        onChange={(next) => {
          setQueue(next);
          setOffset(0);
        }}
      />
      <BulkActionsBar selected={selected} onDone={() => setSelected([])} />

      {orders.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : orders.isError ? (
        <p className="text-sm text-red-700">{errorMessage(orders.error)}</p>
      ) : (
        // At phone width (under 640 px) each row becomes a card: customer, total, status,
        // confirmation, risk and actions, with no sideways scrolling (issue 23).
        <div className={PHONE_CARDS}>
          <ScrollTable label="Orders">
            <thead>
              <tr>
                <th>
                  <input
                    type="checkbox"
                    aria-label="Select all orders on this page"
                    checked={orders.data.orders.length > 0 && orders.data.orders.every((o) => selected.includes(o.id))}
                    onChange={(e) => {
                      const page = orders.data.orders.map((o) => o.id);
                      setSelected((s) =>
                        e.target.checked ? [...new Set([...s, ...page])] : s.filter((id) => !page.includes(id)),
                      );
                    }}
                  />
                </th>
                <th>Order ID</th>
                <th>Items</th>
                <th>Customer</th>
                <th>Total</th>
                <th>Status</th>
                <th>Confirmation</th>
                <th>Risk</th>
                <th>Advance</th>
                <th>Date</th>
                <th className="text-right">View</th>
              </tr>
            </thead>
            <tbody className={cn(orders.isPlaceholderData && "opacity-60")}>
              {orders.data.orders.length === 0 && <EmptyRow colSpan={11}>No orders found for this status</EmptyRow>}
              {orders.data.orders.map((o) => (
                <tr key={o.id} className={CARD_ROW}>
                  <td className="max-sm:order-1">
                    <input
                      type="checkbox"
                      aria-label={`Select order ${orderNumber(o.id)}`}
                      checked={selected.includes(o.id)}
                      onChange={() => toggle(o.id)}
                    />
                  </td>
                  <td className="font-mono text-xs max-sm:order-7 max-sm:text-muted">{orderNumber(o.id)}</td>
                  <td className="max-sm:hidden">
                    <OrderThumbnails items={o.items} />
                  </td>
                  <td className="max-sm:order-2 max-sm:min-w-0 max-sm:flex-1">
                    <p className="whitespace-nowrap font-medium max-sm:whitespace-normal">{o.customerName}</p>
                    <p className="whitespace-nowrap text-xs text-muted max-sm:whitespace-normal">
                      {o.customerPhone} · {o.city}
                    </p>
                  </td>
                  <td className="whitespace-nowrap font-semibold max-sm:order-3">{formatRs(o.total)}</td>
                  <td className="max-sm:order-4 max-sm:basis-full">
                    <NativeSelect
                      aria-label={`Status of order ${orderNumber(o.id)}`}
                      value={o.status}
                      disabled={update.isPending && update.variables?.id === o.id}
                      onChange={(e) => changeStatus(o.id, e.target.value as OrderStatus)}
                      className={cn("w-36", STATUS_SELECT_COLOURS[o.status])}
                    >
                      {ORDER_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {STATUS_LABELS[s]}
                        </option>
                      ))}
                    </NativeSelect>
                  </td>
                  <td className="max-sm:order-5">
                    <ConfirmationBadge state={o.confirmation.state} />
                  </td>
                  <td className="max-sm:order-6">
                    <RiskBadge level={o.risk.level} reasons={o.risk.reasons} />
                  </td>
                  <td className="max-sm:order-6">
                    <AdvanceBadge advance={o.advance} />
                  </td>
                  <td className="whitespace-nowrap text-muted max-sm:order-8 max-sm:text-xs">
                    {new Date(o.createdAt).toLocaleDateString("en-PK")}
                  </td>
                  <td className="text-right max-sm:order-9 max-sm:ml-auto">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`View order ${orderNumber(o.id)}`}
                      onClick={() => setViewing(o.id)}
                    >
                      <Eye className="h-4 w-4" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </div>
      )}

      {total > ORDERS_PAGE_SIZE && (
        <nav aria-label="Order pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <span className="text-muted">
            {offset + 1}–{Math.min(offset + ORDERS_PAGE_SIZE, total)} of {total}
          </span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - ORDERS_PAGE_SIZE))}
            >
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={offset + ORDERS_PAGE_SIZE >= total}
              onClick={() => setOffset(offset + ORDERS_PAGE_SIZE)}
            >
              Next
            </Button>
          </div>
        </nav>
      )}

      <OrderViewDialog orderId={viewing} onClose={() => setViewing(null)} />
    </Panel>
  );
}
