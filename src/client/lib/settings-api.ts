import { useQuery } from "@tanstack/react-query";
import { siteSettings, type SiteSettings } from "@shared/rules/settings.js";
import { queries } from "@client/lib/queries";

export { settingsKeys } from "@client/lib/queries";
export type { SiteSettings };

/** The spec turns the list of {key, value} into a map; missing or non-text values fall back to defaults. */
export const toSettingsMap = siteSettings;

/** Public site settings. A failed read is not acted upon (spec §8): the defaults stand in. */
export function useSiteSettings(): SiteSettings {
  const { data } = useQuery(queries.settings());
  return siteSettings(data);
}
