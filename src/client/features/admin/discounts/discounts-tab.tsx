import { useEditDialog } from "@client/components/admin/use-edit-dialog";
import { Plus } from "lucide-react";
import { toast } from "sonner";
import type { AdminDiscount } from "@shared/schemas/discounts.js";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { ConfirmDialog } from "@client/components/admin/confirm-dialog";
import { toastError } from "@client/lib/admin/toast-error";
import { useDeleteConfirmation } from "@client/lib/admin/use-delete-confirmation";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { DiscountDialog } from "./discount-dialog";
import { DiscountRow, discountName } from "./discount-row";
import { useDeleteDiscount, useDiscounts, useSaveDiscount } from "./discounts-api";

/** Discount codes and automatic sales, with what each brought (uses, orders, revenue, returns). */
export function DiscountsTab() {
  const discounts = useDiscounts();
  const save = useSaveDiscount();
  const editing = useEditDialog<AdminDiscount>();
  const remove = useDeleteConfirmation(useDeleteDiscount(), (d: AdminDiscount) =>
    toast.success("Discount deleted", { description: `${discountName(d)} has been deleted.` }),
  );

  const toggle = (d: AdminDiscount) =>
    save.mutate(
      { id: d.id, input: { active: !d.active } },
      {
        onSuccess: () => toast.success(d.active ? `${discountName(d)} paused` : `${discountName(d)} resumed`),
        onError: (error) => toastError(error),
      },
    );

  return (
    <Panel
      title="Discounts"
      actions={
        <Button size="sm" onClick={() => editing.edit(null)}>
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
              <DiscountRow
                key={d.id}
                discount={d}
                onToggle={() => toggle(d)}
                onEdit={() => editing.edit(d)}
                onDelete={() => remove.ask(d)}
              />
            ))}
          </tbody>
        </ScrollTable>
      )}
      <DiscountDialog
        key={editing.key}
        open={editing.open}
        discount={editing.item}
        onOpenChange={editing.onOpenChange}
      />
      <ConfirmDialog
        {...remove.dialog}
        title="Delete Discount"
        description={`Delete ${remove.deleting ? discountName(remove.deleting) : ""}? Orders placed with it keep their code; to keep its figures, pause it instead.`}
      />
    </Panel>
  );
}
