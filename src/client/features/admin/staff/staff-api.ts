import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NewStaffInput, PasswordChange, StaffAccount, StaffChange } from "@shared/schemas/staff.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { api } from "@client/lib/api";

export const staffKey = ["/api/admin/staff"] as const;

export function useStaff() {
  return useQuery({ queryKey: staffKey, queryFn: () => api<StaffAccount[]>("/api/admin/staff") });
}

export function useAddStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewStaffInput) => api<StaffAccount>("/api/admin/staff", { method: "POST", json: input }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: staffKey }), qc.invalidateQueries({ queryKey: adminKeys.audit })]),
  });
}

export function useChangeStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ username, change }: { username: string; change: StaffChange }) =>
      api<StaffAccount>(`/api/admin/staff/${encodeURIComponent(username)}`, { method: "PATCH", json: change }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: staffKey }), qc.invalidateQueries({ queryKey: adminKeys.audit })]),
  });
}

export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (input: PasswordChange) => api<{ ok: true }>("/api/admin/password", { method: "POST", json: input }),
  });
}
