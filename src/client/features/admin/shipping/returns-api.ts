import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminReturn, DecideReturnInput } from "@shared/schemas/returns.js";
import { refreshAfterOrderChange } from "@client/lib/admin/orders-api";
import { api } from "@client/lib/api";

export const returnsKeys = {
  all: ["/api/admin/returns"] as const,
  status: (status: string) => ["/api/admin/returns", { status }] as const,
};

export function useAdminReturns(status: string) {
  return useQuery({
    queryKey: returnsKeys.status(status),
    queryFn: () => api<AdminReturn[]>(`/api/admin/returns${status === "all" ? "" : `?status=${status}`}`),
  });
}

export function useDecideReturn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: DecideReturnInput }) =>
      api<AdminReturn>(`/api/admin/returns/${id}`, { method: "PATCH", json: decision }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: returnsKeys.all }), refreshAfterOrderChange(qc)]),
  });
}
