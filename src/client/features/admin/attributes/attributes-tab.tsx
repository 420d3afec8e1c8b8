import { useEditDialog } from "@client/components/admin/use-edit-dialog";
import { Plus } from "lucide-react";
import { toast } from "sonner";
import type { Attribute } from "@shared/schemas/attributes.js";
import { EditDeleteButtons } from "@client/components/admin/edit-delete-buttons";
import { ConfirmDialog } from "@client/components/admin/confirm-dialog";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { useAttributes, useDeleteAttribute } from "@client/lib/admin/attributes-api";
import { useDeleteConfirmation } from "@client/lib/admin/use-delete-confirmation";
import { AttributeDialog } from "./attribute-dialog";

/** Attributes: what products are filed under and shoppers filter by (list, add, rename, values, delete). */
export function AttributesTab() {
  const attributes = useAttributes();
  const editing = useEditDialog<Attribute>();
  const remove = useDeleteConfirmation(useDeleteAttribute(), (a: Attribute) =>
    toast.success("Attribute Deleted", { description: `${a.name} has been deleted.` }),
  );

  return (
    <Panel
      title="Attributes"
      actions={
        <Button size="sm" onClick={() => editing.edit(null)}>
          <Plus className="h-4 w-4" aria-hidden /> Add Attribute
        </Button>
      }
    >
      {attributes.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : attributes.isError ? (
        <p className="text-sm text-red-700">{errorMessage(attributes.error)}</p>
      ) : (
        <ScrollTable label="Attributes">
          <thead>
            <tr>
              <th>Name</th>
              <th>Values</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {attributes.data.length === 0 && <EmptyRow colSpan={3}>No attributes yet.</EmptyRow>}
            {attributes.data.map((a) => (
              <tr key={a.id}>
                <td className="font-medium">{a.name}</td>
                <td className="max-w-md text-muted">{a.values.join(", ") || "—"}</td>
                <td>
                  <div className="flex justify-end gap-1">
                    <EditDeleteButtons name={a.name} onEdit={() => editing.edit(a)} onDelete={() => remove.ask(a)} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <AttributeDialog
        key={editing.key}
        open={editing.open}
        attribute={editing.item}
        onOpenChange={editing.onOpenChange}
      />
      <ConfirmDialog
        {...remove.dialog}
        title="Delete Attribute"
        description={`Delete the attribute "${remove.deleting?.name ?? ""}"? Products filed under it lose it.`}
      />
    </Panel>
  );
}
