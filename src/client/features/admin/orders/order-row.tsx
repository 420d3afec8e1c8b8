import { Eye } from "lucide-react";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from "@shared/rules/order-status.js";
import type { AdminOrder } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { NativeSelect } from "@client/components/ui/native-select";
import { cn } from "@client/lib/cn";
import { AdvanceBadge } from "./advance-admin";
import { ConfirmationBadge, RiskBadge } from "./confirmation-badges";
import { OrderThumbnails } from "./order-thumbnails";

const STATUS_SELECT_COLOURS: Record<string, string> = {
  pending: "[&_select]:bg-yellow-50",
  processing: "[&_select]:bg-blue-50",
  shipped: "[&_select]:bg-purple-50",
  delivered: "[&_select]:bg-green-50",
  returned: "[&_select]:bg-orange-50",
  cancelled: "[&_select]:bg-red-50",
};

/** Phone width: each row a wrapping line of fields (the table's side is in orders-table.tsx). */
const CARD_ROW =
  "max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-2 max-sm:border-t max-sm:border-ink/10 max-sm:py-3";

/** One order in the table: its selection, status select, badges and the button that opens it. */
export function OrderRow({
  order: o,
  selected,
  onToggle,
  statusPending,
  onStatus,
  onView,
}: {
  order: AdminOrder;
  selected: boolean;
  onToggle: () => void;
  /** Its status change is on its way to the server. */
  statusPending: boolean;
  onStatus: (status: OrderStatus) => void;
  onView: () => void;
}) {
  return (
    <tr className={CARD_ROW}>
      <td className="max-sm:order-1">
        <input
          type="checkbox"
          aria-label={`Select order ${orderNumber(o.id)}`}
          checked={selected}
          onChange={onToggle}
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
          disabled={statusPending}
          onChange={(e) => onStatus(e.target.value as OrderStatus)}
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
        <Button variant="ghost" size="icon" aria-label={`View order ${orderNumber(o.id)}`} onClick={onView}>
          <Eye className="h-4 w-4" />
        </Button>
      </td>
    </tr>
  );
}
