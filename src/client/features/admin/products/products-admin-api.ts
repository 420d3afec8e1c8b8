import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Category } from "@shared/schemas/categories.js";
import type { Product } from "@shared/schemas/products.js";
import { slugify } from "@shared/rules/labels.js";
import { api } from "@client/lib/api";
import { buildProductForm, NEW_CATEGORY, type ProductDraft } from "./product-draft";
import { uploadWithProgress } from "./upload-with-progress";

/** Starts with the storefront's key, so saving here refreshes the shop's lists too. */
export const adminProductsKey = ["/api/products", { limit: 500 }] as const;

export function useAdminProducts() {
  return useQuery({ queryKey: adminProductsKey, queryFn: () => api<Product[]>("/api/products?limit=500&sort=newest") });
}

const refreshAfterProductChange = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: ["/api/products"] }),
    qc.invalidateQueries({ queryKey: ["/api/categories"] }),
    qc.invalidateQueries({ queryKey: ["/api/admin/analytics"] }),
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
