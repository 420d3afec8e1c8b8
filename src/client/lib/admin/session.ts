import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { adminSession } from "@shared/schemas/admin.js";
import { api, ApiError } from "@client/lib/api";

export type AdminSession = z.infer<typeof adminSession>;

export const sessionKey = ["/api/admin/session"] as const;

/**
 * The server decides who is logged in: null means "show the login form". Its role only shapes
 * what the admin offers (an owner's override, the owner's tabs); the server checks every call.
 */
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
