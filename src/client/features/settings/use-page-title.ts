import { useEffect } from "react";
import { useSiteSettings, type SiteSettings } from "./settings-api";

/** The document title: '{page} | {site name}', or the site name and tagline for the home page. */
export function pageTitle(
  page: string | undefined,
  settings: Pick<SiteSettings, "site_name" | "site_tagline">,
): string {
  return page ? `${page} | ${settings.site_name}` : `${settings.site_name} — ${settings.site_tagline}`;
}

/** Keeps the document title in step with the page as the shopper moves around (the server wrote the first). */
export function usePageTitle(page: string | undefined): void {
  const { site_name, site_tagline } = useSiteSettings();
  useEffect(() => {
    document.title = pageTitle(page, { site_name, site_tagline });
  }, [page, site_name, site_tagline]);
}
