import { useEditDialog } from "@client/components/admin/use-edit-dialog";
import { Plus } from "lucide-react";
import { toast } from "sonner";
import type { Product } from "@shared/schemas/products.js";
import { LowStockPanel } from "./low-stock-panel";
import { ProductFilesPanel } from "./product-files-panel";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { ConfirmDialog } from "@client/components/admin/confirm-dialog";
import { useDeleteConfirmation } from "@client/lib/admin/use-delete-confirmation";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { ProductDialog } from "./product-dialog";
import { ProductRow } from "./product-row";
import { useProductListParams } from "./use-product-list-params";
import { useAdminProducts, useDeleteProduct } from "./products-admin-api";

/** Products: the catalogue table, the add/edit dialog and deletion with a confirmation. */
export function ProductsTab() {
  const { q, page, goTo, search } = useProductListParams();
  const products = useAdminProducts(q, page);
  const editing = useEditDialog<Product>();
  const remove = useDeleteConfirmation(useDeleteProduct(), (p: Product) =>
    toast.success("Product Deleted", { description: `${p.name} has been deleted.` }),
  );

  return (
    <div className="space-y-5">
      <LowStockPanel />
      <ProductFilesPanel />
      <Panel
        title={`Products${products.data ? ` (${products.data.total})` : ""}`}
        actions={
          <Button size="sm" onClick={() => editing.edit(null)}>
            <Plus className="h-4 w-4" aria-hidden /> Add Product
          </Button>
        }
      >
        <form role="search" onSubmit={search} className="mb-4 flex max-w-md gap-2">
          <label htmlFor="admin-products-q" className="sr-only">
            Search products
          </label>
          <Input
            key={q}
            id="admin-products-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Name, SKU, description or category"
          />
          <Button type="submit" variant="outline" size="sm" className="h-10 shrink-0">
            Search
          </Button>
        </form>
        {products.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : products.isError ? (
          <p className="text-sm text-red-700">{errorMessage(products.error)}</p>
        ) : (
          <ScrollTable label="Products">
            <thead>
              <tr>
                <th>Image</th>
                <th>Name</th>
                <th>Category</th>
                <th>Price</th>
                <th>Stock</th>
                <th>Featured</th>
                <th className="text-right">Actions</th>
              </tr>
            </thead>
            <tbody>
              {products.data.products.length === 0 && (
                <EmptyRow colSpan={7}>
                  {q ? `No products match “${q}”. Try another word.` : "No products yet. Add the first one."}
                </EmptyRow>
              )}
              {products.data.products.map((p) => (
                <ProductRow key={p.id} product={p} onEdit={() => editing.edit(p)} onDelete={() => remove.ask(p)} />
              ))}
            </tbody>
          </ScrollTable>
        )}
        {products.data && products.data.pageCount > 1 && (
          <div className="mt-4 flex items-center justify-end gap-3 text-sm">
            <span className="text-muted">
              Page {products.data.page} of {products.data.pageCount}
            </span>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goTo({ page: page - 1 })}>
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= products.data.pageCount}
              onClick={() => goTo({ page: page + 1 })}
            >
              Next
            </Button>
          </div>
        )}
        <ProductDialog
          key={editing.key}
          open={editing.open}
          product={editing.item}
          onOpenChange={editing.onOpenChange}
        />
        <ConfirmDialog
          {...remove.dialog}
          title="Delete Product"
          description={`Delete "${remove.deleting?.name ?? ""}"? It disappears from the shop; past orders keep their details.`}
        />
      </Panel>
    </div>
  );
}
