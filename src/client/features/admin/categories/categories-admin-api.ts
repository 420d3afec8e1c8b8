import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Category, CategoryInput } from "@shared/schemas/categories.js";
import { api } from "@client/lib/api";
import { catalogKeys, queries } from "@client/lib/queries";

/** The storefront's own read of the categories (lib/queries.ts), so a change shows there at once. */
export const categoriesKey = catalogKeys.categories;

export function useCategories() {
  return useQuery(queries.categories());
}

type CategoryFields = Pick<CategoryInput, "name" | "slug" | "sizeChart"> & { description?: string };

export function useSaveCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: CategoryFields & { id?: number }) =>
      id === undefined
        ? api<Category>("/api/categories", { method: "POST", json: fields })
        : api<Category>(`/api/categories/${id}`, { method: "PUT", json: { ...fields, id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: categoriesKey }),
  });
}

export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/categories/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: categoriesKey }),
  });
}
