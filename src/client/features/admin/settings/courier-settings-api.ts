import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PostexSettings, PostexSettingsInput } from "@shared/schemas/couriers.js";
import type { CourierSettings, CourierSettingsInput } from "@shared/schemas/shipping.js";
import { adminKeys } from "@client/lib/admin/admin-keys";
import { api } from "@client/lib/api";

const postexKey = ["/api/admin/couriers/postex"] as const;

export function usePostexSettings() {
  return useQuery({ queryKey: postexKey, queryFn: () => api<PostexSettings>("/api/admin/couriers/postex") });
}

export function useSavePostexSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PostexSettingsInput) =>
      api<PostexSettings>("/api/admin/couriers/postex", { method: "PUT", json: input }),
    onSuccess: (saved) =>
      Promise.all([qc.setQueryData(postexKey, saved), qc.invalidateQueries({ queryKey: adminKeys.couriers })]),
  });
}

const courierKey = ["/api/admin/courier-settings"] as const;

export function useCourierSettings() {
  return useQuery({ queryKey: courierKey, queryFn: () => api<CourierSettings>("/api/admin/courier-settings") });
}

export function useSaveCourierSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CourierSettingsInput) =>
      api<CourierSettings>("/api/admin/courier-settings", { method: "PUT", json: input }),
    onSuccess: (saved) =>
      Promise.all([qc.setQueryData(courierKey, saved), qc.invalidateQueries({ queryKey: adminKeys.couriers })]),
  });
}
