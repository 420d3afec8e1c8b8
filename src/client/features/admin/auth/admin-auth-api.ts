import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { adminSession, loginInput } from "@shared/schemas/admin.js";
import { publicReadOf } from "@client/lib/queries";
import { api, ApiError } from "@client/lib/api";

export type AdminSession = z.infer<typeof adminSession>;
type LoginInput = z.infer<typeof loginInput>;

export const sessionKey = ["/api/admin/session"] as const;

/** The server decides who is logged in: null means "show the login form". */
export function useAdminSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: async () => {
      try {
        return await api<AdminSession>("/api/admin/session");
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
  });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: ["login"],
    mutationFn: (input: LoginInput) => api<AdminSession>("/api/admin/login", { method: "POST", json: input }),
    onSuccess: (session) => qc.setQueryData(sessionKey, session),
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>("/api/admin/logout", { method: "POST" }),
    onSettled: () => {
      qc.setQueryData(sessionKey, null);
      // Admin data must not linger in memory for whoever uses this browser next.
      // Every read but the storefront's public ones (lib/queries.ts) is the admin's.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] && !publicReadOf(q.options) });
    },
  });
}
