import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CodRuleKey } from "@shared/rules/cod-rules.js";
import type { BlockedPhone } from "@shared/schemas/blocklist.js";
import { api } from "@client/lib/api";
import { queries, settingsKeys } from "@client/lib/queries";

const blocklistKey = ["/api/admin/blocklist"] as const;

export function useBlocklist() {
  return useQuery({ queryKey: blocklistKey, queryFn: () => api<BlockedPhone[]>("/api/admin/blocklist") });
}

export function useBlockPhone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; reason: string }) =>
      api<BlockedPhone>("/api/admin/blocklist", { method: "POST", json: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: blocklistKey }),
  });
}

export function useUnblockPhone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) =>
      api<unknown>(`/api/admin/blocklist/${encodeURIComponent(phone)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: blocklistKey }),
  });
}

/** A stored city list (a JSON list, or its text) as the form shows it: "Lahore, Karachi". */
export function citiesText(stored: unknown): string {
  let list = stored;
  if (typeof stored === "string") {
    try {
      list = JSON.parse(stored);
    } catch {
      return "";
    }
  }
  return Array.isArray(list) ? list.join(", ") : "";
}

/** The COD rules as the form shows them (an empty field is no rule). */
export function useCodRules() {
  return useQuery({
    ...queries.settings(),
    select: (list): Record<CodRuleKey, string> => {
      const value = (key: CodRuleKey) => list.find((s) => s.key === key)?.value ?? "";
      return {
        cod_max_order_total: String(value("cod_max_order_total")),
        cod_max_open_orders_per_phone: String(value("cod_max_open_orders_per_phone")),
        cod_cities: citiesText(value("cod_cities")),
      };
    },
  });
}

export function useSaveCodRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (rules: Record<CodRuleKey, string>) => {
      for (const [key, value] of Object.entries(rules))
        await api<unknown>(`/api/settings/${key}`, { method: "PUT", json: { value } });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
