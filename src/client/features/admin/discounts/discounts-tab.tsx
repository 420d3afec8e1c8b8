import { Pause, Pencil, Play, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { phaseAt } from "@shared/rules/discounts.js";
import { formatRs } from "@shared/rules/money.js";
import type { AdminDiscount } from "@shared/schemas/discounts.js";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { ConfirmDialog } from "@client/components/admin/confirm-dialog";
import { toastError } from "@client/lib/admin/toast-error";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { DiscountDialog } from "./discount-dialog";
import { useDeleteDiscount, useDiscounts, useSaveDiscount } from "./discounts-api";
import { dateTime } from "@client/lib/admin/date-time";

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

/** Discount codes and automatic sales, with what each brought (uses, orders, revenue, returns). */
export function DiscountsTab() {
  const discounts = useDiscounts();
  const save = useSaveDiscount();
  const remove = useDeleteDiscount();
  const [editing, setEditing] = useState<{ open: boolean; discount: AdminDiscount | null }>({
    open: false,
    discount: null,
  });
  const [deleting, setDeleting] = useState<AdminDiscount | null>(null);
  const name = (d: AdminDiscount) => d.code ?? "Automatic sale";

  const toggle = (d: AdminDiscount) =>
    save.mutate(
      { id: d.id, input: { active: !d.active } },
      {
        onSuccess: () => toast.success(d.active ? `${name(d)} paused` : `${name(d)} resumed`),
        onError: (error) => toastError(error),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success("Discount deleted", { description: `${name(deleting)} has been deleted.` }),
      onError: (error) => toastError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Panel
      title="Discounts"
      actions={
        <Button size="sm" onClick={() => setEditing({ open: true, discount: null })}>
          <Plus className="h-4 w-4" aria-hidden /> New Discount
        </Button>
      }
    >
      {discounts.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : discounts.isError ? (
        <p className="text-sm text-red-700">{errorMessage(discounts.error)}</p>
      ) : (
        <ScrollTable label="Discounts">
          <thead>
            <tr>
              <th>Code</th>
              <th>Discount</th>
              <th>Applies to</th>
              <th>From</th>
              <th>Until</th>
              <th>Status</th>
              <th className="text-right">Uses</th>
              <th className="text-right">Orders</th>
              <th className="text-right">Revenue</th>
              <th className="text-right">Given</th>
              <th className="text-right">Returned</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {discounts.data.length === 0 && <EmptyRow colSpan={12}>No discounts yet.</EmptyRow>}
            {discounts.data.map((d) => (
              <tr key={d.id}>
                <td className="font-medium">
                  {d.code ? <code className="rounded bg-ink/5 px-1.5 py-0.5 text-xs">{d.code}</code> : "Automatic sale"}
                </td>
                <td>
                  {what(d)}
                  {d.minSubtotal !== null && (
                    <span className="block text-xs text-muted">over {formatRs(d.minSubtotal)}</span>
                  )}
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
                      aria-label={`${d.active ? "Pause" : "Resume"} ${name(d)}`}
                      onClick={() => toggle(d)}
                    >
                      {d.active ? <Pause className="h-4 w-4" /> : <Play className="h-4 w-4" />}
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${name(d)}`}
                      onClick={() => setEditing({ open: true, discount: d })}
                    >
                      <Pencil className="h-4 w-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${name(d)}`}
                      className="text-red-700"
                      onClick={() => setDeleting(d)}
                    >
                      <Trash2 className="h-4 w-4" />
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <DiscountDialog
        open={editing.open}
        discount={editing.discount}
        onOpenChange={(open) => setEditing((s) => ({ ...s, open }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Discount"
        description={`Delete ${deleting ? name(deleting) : ""}? Orders placed with it keep their code; to keep its figures, pause it instead.`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Panel>
  );
}
