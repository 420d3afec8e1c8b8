import { Pause, Play } from "lucide-react";
import { phaseAt } from "@shared/rules/discounts.js";
import { formatRs } from "@shared/rules/money.js";
import type { AdminDiscount } from "@shared/schemas/discounts.js";
import { Button } from "@client/components/ui/button";
import { dateTime } from "@client/lib/admin/date-time";
import { EditDeleteButtons } from "@client/components/admin/edit-delete-buttons";

const PHASE_LABEL = { live: "Live", paused: "Paused", "not started": "Scheduled", ended: "Ended" } as const;

function what(d: AdminDiscount): string {
  if (d.kind === "free_delivery") return "Free delivery";
  return d.kind === "percent" ? `${d.value}% off` : `${formatRs(d.value)} off`;
}

function scope(d: AdminDiscount): string {
  const parts = [...d.categories, ...d.productIds.map((id) => `#${id}`)];
  return parts.length === 0 ? "Everything" : parts.join(", ");
}

const when = (iso: string | null) => (iso ? dateTime(iso) : "—");

export const discountName = (d: AdminDiscount) => d.code ?? "Automatic sale";

/** One discount: what it gives and to what, when it runs, what it brought, and its buttons. */
export function DiscountRow({
  discount: d,
  onToggle,
  onEdit,
  onDelete,
}: {
  discount: AdminDiscount;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <tr>
      <td className="font-medium">
        {d.code ? <code className="rounded bg-ink/5 px-1.5 py-0.5 text-xs">{d.code}</code> : "Automatic sale"}
      </td>
      <td>
        {what(d)}
        {d.minSubtotal !== null && <span className="block text-xs text-muted">over {formatRs(d.minSubtotal)}</span>}
      </td>
      <td className="max-w-48 text-muted">{scope(d)}</td>
      <td className="whitespace-nowrap">{when(d.startsAt)}</td>
      <td className="whitespace-nowrap">{when(d.endsAt)}</td>
      <td>{PHASE_LABEL[phaseAt(d, new Date())]}</td>
      <td className="text-right tabular-nums">
        {d.uses}
        {d.usageLimit !== null && ` / ${d.usageLimit}`}
      </td>
      <td className="text-right tabular-nums">{d.orders}</td>
      <td className="text-right tabular-nums">{formatRs(d.revenue)}</td>
      <td className="text-right tabular-nums">{formatRs(d.amountOff)}</td>
      <td className="text-right tabular-nums">{d.returned}</td>
      <td>
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`${d.active ? "Pause" : "Resume"} ${discountName(d)}`}
            onClick={onToggle}
          >
            {d.active ? <Pause className="h-4 w-4" /> : <Play className="h-4 w-4" />}
          </Button>
          <EditDeleteButtons name={discountName(d)} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </td>
    </tr>
  );
}
