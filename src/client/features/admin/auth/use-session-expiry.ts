import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError } from "@client/lib/api";
import { sessionKey } from "@client/lib/admin/session";

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A 401 from any admin call means the server ended the session (expiry, logout elsewhere):
 * drop the cached session so the login form shows again instead of a broken dashboard.
 */
export function useSessionExpiry(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const expire = () => {
      if (qc.getQueryData(sessionKey)) qc.setQueryData(sessionKey, null);
    };
    const unsubQueries = qc.getQueryCache().subscribe((event) => {
      if (
        event.type === "updated" &&
        event.query.queryKey[0] !== sessionKey[0] &&
        isUnauthorized(event.query.state.error)
      )
        expire();
    });
    const unsubMutations = qc.getMutationCache().subscribe((event) => {
      const url = event.mutation?.options.mutationKey?.[0];
      // The login call's own 401 means a wrong password, not an ended session.
      if (event.type === "updated" && url !== "login" && isUnauthorized(event.mutation?.state.error)) expire();
    });
    return () => {
      unsubQueries();
      unsubMutations();
    };
  }, [qc]);
}
