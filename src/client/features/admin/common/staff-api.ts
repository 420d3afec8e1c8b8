import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuditPage, NewStaffInput, PasswordChange, StaffAccount, StaffChange } from "@shared/schemas/staff.js";
import { api } from "@client/lib/api";

export const staffKey = ["/api/admin/staff"] as const;
export const auditKeys = {
  all: ["/api/admin/audit"] as const,
  page: (actor: string, orderId: string, offset: number) => ["/api/admin/audit", { actor, orderId, offset }] as const,
};
export const AUDIT_PAGE_SIZE = 50;

export function useStaff() {
  return useQuery({ queryKey: staffKey, queryFn: () => api<StaffAccount[]>("/api/admin/staff") });
}

export function useAddStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewStaffInput) => api<StaffAccount>("/api/admin/staff", { method: "POST", json: input }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: staffKey }), qc.invalidateQueries({ queryKey: auditKeys.all })]),
  });
}

export function useChangeStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ username, change }: { username: string; change: StaffChange }) =>
      api<StaffAccount>(`/api/admin/staff/${encodeURIComponent(username)}`, { method: "PATCH", json: change }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: staffKey }), qc.invalidateQueries({ queryKey: auditKeys.all })]),
  });
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (input: PasswordChange) => api<{ ok: true }>("/api/admin/password", { method: "POST", json: input }),
  });
}

export function useAudit(actor: string, orderId: string, offset: number) {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE), offset: String(offset) });
  if (actor) params.set("actor", actor);
  if (orderId) params.set("orderId", orderId);
  return useQuery({
    queryKey: auditKeys.page(actor, orderId, offset),
    queryFn: () => api<AuditPage>(`/api/admin/audit?${params}`),
  });
}
