import { Download } from "lucide-react";
import { useState } from "react";
import type { OrderStatus } from "@shared/rules/order-status.js";
import { Panel } from "@client/components/admin/panel";
import { OffsetPager } from "@client/components/admin/offset-pager";
import { Button, buttonVariants } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { useLiveOrders } from "@client/lib/admin/order-confirmation-api";
import { ORDERS_PAGE_SIZE, ordersCsvUrl, useAdminOrders, type QueueFilters } from "@client/lib/admin/orders-api";
import { errorMessage } from "@client/lib/api";
import { BulkActionsBar } from "./bulk-actions-bar";
import { CheckParcelsButton } from "./check-parcels-button";
import { ManualOrderDialog } from "./manual-order-dialog";
import { OrdersTable } from "./orders-table";
import { OrderViewDialog } from "./order-view-dialog";
import { QueueFilterSelects } from "./queue-filters";
import { StatusFilterButtons } from "./status-filter-buttons";

/** Orders: status filters with server counts, a paged table, status changes and the order view. */
export function OrdersTab() {
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  const [taking, setTaking] = useState(false);
  const [queue, setQueue] = useState<QueueFilters>({});
  const [selected, setSelected] = useState<string[]>([]);
  const orders = useAdminOrders(status, offset, queue);
  useLiveOrders();
  const total = orders.data?.total ?? 0;

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
      <StatusFilterButtons
        status={status}
        counts={orders.data?.counts ?? {}}
        onChange={(next) => {
          setStatus(next);
          setOffset(0);
        }}
      />
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
        <OrdersTable
          orders={orders.data.orders}
          stale={orders.isPlaceholderData}
          selected={selected}
          onSelect={setSelected}
          onView={setViewing}
        />
      )}

      {total > ORDERS_PAGE_SIZE && (
        <OffsetPager
          label="Order pages"
          offset={offset}
          pageSize={ORDERS_PAGE_SIZE}
          total={total}
          onOffset={setOffset}
        />
      )}

      <OrderViewDialog orderId={viewing} onClose={() => setViewing(null)} />
    </Panel>
  );
}
