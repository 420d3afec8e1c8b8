import { useQuery } from "@tanstack/react-query";
import { SETTING_DEFAULTS, type SettingKey } from "@shared/constants.js";
import type { Setting } from "@shared/schemas/settings.js";
import { api } from "@client/lib/api";

export const settingsKeys = { all: ["/api/settings"] as const };

export type SiteSettings = Record<SettingKey, unknown> & {
  hero_title: string;
  hero_subtitle: string;
  site_name: string;
  site_tagline: string;
};

/** The spec turns the list of {key, value} into a map; missing or non-text values fall back to defaults. */
export function toSettingsMap(list: Setting[] | undefined): SiteSettings {
  const map: Record<string, unknown> = { ...SETTING_DEFAULTS };
  for (const { key, value } of list ?? []) {
    if (value !== null && value !== undefined && value !== "") map[key] = value;
  }
  for (const key of ["hero_title", "hero_subtitle", "site_name", "site_tagline"] as const) {
    if (typeof map[key] !== "string") map[key] = SETTING_DEFAULTS[key];
  }
  return map as SiteSettings;
}

/** Public site settings. A failed read is not acted upon (spec §8): the defaults stand in. */
export function useSiteSettings(): SiteSettings {
  const { data } = useQuery({
    queryKey: settingsKeys.all,
    queryFn: () => api<Setting[]>("/api/settings"),
  });
  return toSettingsMap(data);
}
