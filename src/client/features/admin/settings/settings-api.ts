import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SettingKey } from "@shared/constants.js";
import { SETTING_DEFAULTS } from "@shared/constants.js";
import type { ImageRef } from "@shared/schemas/common.js";
import type { Setting } from "@shared/schemas/settings.js";
import { api } from "@client/lib/api";

/** The storefront reads settings through the same key, so a save shows there at once. */
export const settingsKey = ["/api/settings"] as const;

export interface SiteSettings {
  hero_title: string;
  hero_subtitle: string;
  hero_image: ImageRef | null;
  site_name: string;
  site_tagline: string;
}

/** The spec's list of {key, value} turned into a map, with defaults for keys never saved. */
export function toSettingsMap(list: Setting[]): SiteSettings {
  const map: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const { key, value } of list) if (value !== undefined) map[key] = value;
  const text = (key: SettingKey) =>
    typeof map[key] === "string" ? (map[key] as string) : String(SETTING_DEFAULTS[key] ?? "");
  const image = map.hero_image as ImageRef | null;
  return {
    hero_title: text("hero_title"),
    hero_subtitle: text("hero_subtitle"),
    hero_image: image && typeof image === "object" && typeof image.url === "string" ? image : null,
    site_name: text("site_name"),
    site_tagline: text("site_tagline"),
  };
}

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api<Setting[]>("/api/settings"), select: toSettingsMap });
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
