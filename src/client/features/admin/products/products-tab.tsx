import { ImageOff, Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import type { Product } from "@shared/schemas/products.js";
import { categoryLabel } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { imageVariantUrl } from "@shared/rules/images.js";
import { LowStockPanel } from "./low-stock-panel";
import { StockCount } from "./stock-count";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { ConfirmDialog } from "@client/components/admin/confirm-dialog";
import { toastError } from "@client/lib/admin/toast-error";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { ProductDialog } from "./product-dialog";
import { useAdminProducts, useDeleteProduct } from "./products-admin-api";

/** Products: the catalogue table, the add/edit dialog and deletion with a confirmation. */
export function ProductsTab() {
  // The search and page live in the URL (?q=&page=), so a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const products = useAdminProducts(q, page);
  const goTo = (next: { q?: string; page?: number }) => {
    const out = new URLSearchParams();
    const term = next.q ?? q;
    if (term) out.set("q", term);
    if ((next.page ?? 1) > 1) out.set("page", String(next.page));
    setParams(out);
  };
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    goTo({ q: String(new FormData(e.currentTarget).get("q") ?? "").trim(), page: 1 });
  };
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<{ open: boolean; product: Product | null }>({ open: false, product: null });
  const [deleting, setDeleting] = useState<Product | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success("Product Deleted", { description: `${deleting.name} has been deleted.` }),
      onError: (error) => toastError(error),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="space-y-5">
      <LowStockPanel />
      <Panel
        title={`Products${products.data ? ` (${products.data.total})` : ""}`}
        actions={
          <Button size="sm" onClick={() => setEditing({ open: true, product: null })}>
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
                <ProductRow
                  key={p.id}
                  product={p}
                  onEdit={() => setEditing({ open: true, product: p })}
                  onDelete={() => setDeleting(p)}
                />
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
          open={editing.open}
          product={editing.product}
          onOpenChange={(open) => setEditing((s) => ({ ...s, open }))}
        />
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete Product"
          description={`Delete "${deleting?.name ?? ""}"? It disappears from the shop; past orders keep their details.`}
          pending={remove.isPending}
          onConfirm={confirmDelete}
        />
      </Panel>
    </div>
  );
}

function ProductRow({ product: p, onEdit, onDelete }: { product: Product; onEdit: () => void; onDelete: () => void }) {
  const image = p.images[0];
  return (
    <tr>
      <td>
        <div
          className="h-14 w-12 overflow-hidden rounded-lg"
          style={{ backgroundColor: image?.edgeColor ?? "#f9fafb" }}
        >
          {image ? (
            <img
              src={imageVariantUrl(image, "thumb")}
              alt=""
              width={48}
              height={56}
              loading="lazy"
              className="h-full w-full object-cover"
            />
          ) : (
            <ImageOff className="m-auto mt-4 h-5 w-5 text-muted" aria-label="No image" />
          )}
        </div>
      </td>
      <td>
        <p className="font-medium">{p.name}</p>
        {p.sku && <p className="text-xs text-muted">SKU {p.sku}</p>}
      </td>
      <td>{categoryLabel(p.category)}</td>
      <td className="whitespace-nowrap">
        <span className="font-semibold">{formatRs(p.price)}</span>
        {p.originalPrice && Number(p.originalPrice) > Number(p.price) && (
          <span className="ml-1.5 text-xs text-muted line-through">{formatRs(p.originalPrice)}</span>
        )}
      </td>
      <td>
        <Badge className={p.inStock ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}>
          {p.inStock ? "In Stock" : "Out of Stock"}
        </Badge>
        <StockCount product={p} />
      </td>
      <td>
        {p.featured ? (
          <Badge className="bg-rose/10 text-rose">Featured</Badge>
        ) : (
          <span className="text-xs text-muted">No</span>
        )}
      </td>
      <td>
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${p.name}`} onClick={onEdit}>
            <Pencil className="h-4 w-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${p.name}`}
            className="text-red-700"
            onClick={onDelete}
          >
            <Trash2 className="h-4 w-4" />
          </Button>
        </div>
      </td>
    </tr>
  );
}
