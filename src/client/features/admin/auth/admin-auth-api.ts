import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { loginInput } from "@shared/schemas/admin.js";
import { publicReadOf } from "@client/lib/queries";
import { api } from "@client/lib/api";
import { sessionKey, type AdminSession } from "@client/lib/admin/session";

type LoginInput = z.infer<typeof loginInput>;

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
