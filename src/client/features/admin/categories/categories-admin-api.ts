import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Category, CategoryInput } from "@shared/schemas/categories.js";
import { api } from "@client/lib/api";

export const categoriesKey = ["/api/categories"] as const;

export function useCategories() {
  return useQuery({ queryKey: categoriesKey, queryFn: () => api<Category[]>("/api/categories") });
}

type CategoryFields = Pick<CategoryInput, "name" | "slug"> & { description?: string };

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
