import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Attribute, AttributeInput, AttributePatch } from "@shared/schemas/attributes.js";
import { api } from "@client/lib/api";
import { catalogKeys } from "@client/lib/queries";

/** Read by the attributes tab and the product form (two tabs: kept here, decision 040). */
export const attributesKey = ["/api/admin/attributes"] as const;

export function useAttributes() {
  return useQuery({
    queryKey: attributesKey,
    queryFn: ({ signal }) => api<Attribute[]>("/api/admin/attributes", { signal }),
  });
}

/** Every change may move products' attributes: the shop's lists and counts are refreshed too. */
const refresh = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([qc.invalidateQueries({ queryKey: attributesKey }), qc.invalidateQueries({ queryKey: catalogKeys.all })]);

export function useSaveAttribute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AttributeInput | AttributePatch }) =>
      id === undefined
        ? api<Attribute>("/api/admin/attributes", { method: "POST", json: input })
        : api<Attribute>(`/api/admin/attributes/${id}`, { method: "PATCH", json: input }),
    onSettled: () => refresh(qc),
  });
}

export function useDeleteAttribute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/admin/attributes/${id}`, { method: "DELETE" }),
    onSettled: () => refresh(qc),
  });
}
