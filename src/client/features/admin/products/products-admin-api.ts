import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Category } from "@shared/schemas/categories.js";
import type { Product, ProductPage } from "@shared/schemas/products.js";
import { slugify } from "@shared/rules/labels.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { api } from "@client/lib/api";
import { catalogKeys } from "@client/lib/queries";
import { buildProductForm, NEW_CATEGORY, type ProductDraft } from "./product-draft";
import { uploadWithProgress } from "./upload-with-progress";

/** Rows per page of the admin products table. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/** Starts with the storefront's key, so saving here refreshes the shop's lists too. */
export const adminProductsKey = (q: string, page: number) => ["/api/products", "admin", { q, page }] as const;

/** One page of the catalogue, newest first, searched by name, description, SKU or category on the server. */
export function useAdminProducts(q: string, page: number) {
  const params = new URLSearchParams({
    sort: "newest",
    page: String(page),
    pageSize: String(ADMIN_PRODUCTS_PAGE_SIZE),
  });
  if (q) params.set("q", q);
  return useQuery({
    queryKey: adminProductsKey(q, page),
    queryFn: ({ signal }) => api<ProductPage>(`/api/products?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refreshAfterProductChange = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: catalogKeys.all }),
    qc.invalidateQueries({ queryKey: catalogKeys.categories }),
    qc.invalidateQueries({ queryKey: adminKeys.analytics }),
  ]);

/**
 * Saves the dialog: creates the new category first when one was typed, then uploads the product
 * with its images, reporting upload progress (0-100) while the files travel.
 */
export function useSaveProduct() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: async ({ id, draft }: { id?: number; draft: ProductDraft }) => {
      setProgress(0);
      let category = draft.category;
      if (category === NEW_CATEGORY) {
        const name = draft.newCategoryName.trim();
        const created = await api<Category>("/api/categories", {
          method: "POST",
          json: { name, slug: slugify(name), description: "" },
        });
        category = created.slug;
      }
      const form = buildProductForm(draft, category);
      return id === undefined
        ? uploadWithProgress<Product>("POST", "/api/products", form, setProgress)
        : uploadWithProgress<Product>("PUT", `/api/products/${id}`, form, setProgress);
    },
    onSettled: () => refreshAfterProductChange(qc),
  });
  return { ...mutation, progress };
}

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/products/${id}`, { method: "DELETE" }),
    onSuccess: () => refreshAfterProductChange(qc),
  });
}
