import { useEditDialog } from "@client/components/admin/use-edit-dialog";
import { Plus, Ruler } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { Category } from "@shared/schemas/categories.js";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { ConfirmDialog } from "@client/components/admin/confirm-dialog";
import { useDeleteConfirmation } from "@client/lib/admin/use-delete-confirmation";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { useCategories, useDeleteCategory } from "./categories-admin-api";
import { CategoryDialog } from "./category-dialog";
import { SizeChartDialog } from "./size-chart-dialog";
import { EditDeleteButtons } from "@client/components/admin/edit-delete-buttons";

/** Categories: the table, the add/edit dialog, and deletion (refused by the server while in use). */
export function CategoriesTab() {
  const categories = useCategories();
  const editing = useEditDialog<Category>();
  const [charting, setCharting] = useState<Category | null>(null);
  const remove = useDeleteConfirmation(useDeleteCategory(), (c: Category) =>
    toast.success("Category Deleted", { description: `${c.name} has been deleted.` }),
  );

  return (
    <Panel
      title="Categories"
      actions={
        <Button size="sm" onClick={() => editing.edit(null)}>
          <Plus className="h-4 w-4" aria-hidden /> Add Category
        </Button>
      }
    >
      {categories.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : categories.isError ? (
        <p className="text-sm text-red-700">{errorMessage(categories.error)}</p>
      ) : (
        <ScrollTable label="Categories">
          <thead>
            <tr>
              <th>Name</th>
              <th>Slug</th>
              <th>Description</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {categories.data.length === 0 && <EmptyRow colSpan={4}>No categories yet.</EmptyRow>}
            {categories.data.map((c) => (
              <tr key={c.id}>
                <td className="font-medium">{c.name}</td>
                <td>
                  <code className="rounded bg-ink/5 px-1.5 py-0.5 text-xs">{c.slug}</code>
                </td>
                <td className="max-w-sm text-muted">{c.description || "—"}</td>
                <td>
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setCharting(c)}
                      aria-label={`Size chart of ${c.name}`}
                    >
                      <Ruler className="h-4 w-4" aria-hidden /> {c.sizeChart ? "Size Chart" : "Add Size Chart"}
                    </Button>
                    <EditDeleteButtons name={c.name} onEdit={() => editing.edit(c)} onDelete={() => remove.ask(c)} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      <CategoryDialog
        key={editing.key}
        open={editing.open}
        category={editing.item}
        onOpenChange={editing.onOpenChange}
      />
      <SizeChartDialog category={charting} onOpenChange={(open) => !open && setCharting(null)} />
      <ConfirmDialog
        {...remove.dialog}
        title="Delete Category"
        description={`Delete the category "${remove.deleting?.name ?? ""}"? This cannot be undone.`}
      />
    </Panel>
  );
}
