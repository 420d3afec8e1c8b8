import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AnySettingKey as SettingKey } from "@shared/schemas/settings.js";
import { siteSettings } from "@shared/rules/settings.js";
import { api } from "@client/lib/api";
import { queries, settingsKeys } from "@client/lib/queries";

/** The storefront's own read of the settings (lib/queries.ts), so a save shows there at once. */
export const settingsKey = settingsKeys.all;

export type { SiteSettings } from "@shared/rules/settings.js";

/** The one settings rule (defaults for what was never saved), shared with the storefront and the server. */
export const toSettingsMap = siteSettings;

export function useSettings() {
  return useQuery({ ...queries.settings(), select: toSettingsMap });
}

type SettingChange = { key: SettingKey; value: string } | { key: "hero_image"; image: File };

function putSetting(change: SettingChange): Promise<unknown> {
  const form = new FormData();
  if ("image" in change) form.append("image", change.image);
  else form.append("value", JSON.stringify(change.value));
  return api<unknown>(`/api/settings/${change.key}`, { method: "PUT", form });
}

/** Saves several settings together (one section's Save button); refreshes the storefront's copy. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (changes: SettingChange[]) => {
      for (const change of changes) await putSetting(change);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: settingsKey }),
  });
}
