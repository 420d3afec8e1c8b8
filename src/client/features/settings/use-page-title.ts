import { useEffect } from "react";
import { useSiteSettings } from "./settings-api";

/** The document title: '{page} | {site name}', or the site name and tagline for the home page. */
export function usePageTitle(page: string | undefined): void {
  const { site_name, site_tagline } = useSiteSettings();
  useEffect(() => {
    document.title = page ? `${page} | ${site_name}` : `${site_name} — ${site_tagline}`;
  }, [page, site_name, site_tagline]);
}
