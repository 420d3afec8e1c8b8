import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminDiscount, DiscountInput } from "@shared/schemas/discounts.js";
import { api } from "@client/lib/api";
import { catalogKeys } from "@client/lib/queries";

const discountsKey = ["/api/admin/discounts"] as const;

export function useDiscounts() {
  return useQuery({ queryKey: discountsKey, queryFn: () => api<AdminDiscount[]>("/api/admin/discounts") });
}

/** Create (no id) or change a discount; a sale's prices change in the shop at once. */
export function useSaveDiscount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Partial<DiscountInput> }) =>
      id === undefined
        ? api<AdminDiscount>("/api/admin/discounts", { method: "POST", json: input })
        : api<AdminDiscount>(`/api/admin/discounts/${id}`, { method: "PATCH", json: input }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: discountsKey }),
        qc.invalidateQueries({ queryKey: catalogKeys.all }),
      ]),
  });
}

export function useDeleteDiscount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/admin/discounts/${id}`, { method: "DELETE" }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: discountsKey }),
        qc.invalidateQueries({ queryKey: catalogKeys.all }),
      ]),
  });
}
