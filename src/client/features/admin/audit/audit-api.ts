import { useQuery } from "@tanstack/react-query";
import type { AuditPage } from "@shared/schemas/staff.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { api } from "@client/lib/api";

export const auditKeys = {
  page: (actor: string, orderId: string, offset: number) => [...adminKeys.audit, { actor, orderId, offset }] as const,
};
export const AUDIT_PAGE_SIZE = 50;

export function useAudit(actor: string, orderId: string, offset: number) {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE), offset: String(offset) });
  if (actor) params.set("actor", actor);
  if (orderId) params.set("orderId", orderId);
  return useQuery({
    queryKey: auditKeys.page(actor, orderId, offset),
    queryFn: () => api<AuditPage>(`/api/admin/audit?${params}`),
  });
}
