import { useEffect, useLayoutEffect } from "react";

/** Pages a search engine should not list (personal or transient). */
const NOINDEX_PREFIXES = ["/cart", "/checkout", "/wishlist", "/search"];

export function robotsFor(pathname: string): string {
  return NOINDEX_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))
    ? "noindex, nofollow"
    : "index, follow";
}

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * Keeps the robots meta tag in step with the route ('index, follow' unless the page is flagged).
 * A layout effect: it runs before any page's own effects, so a page that turns out missing
 * (useNoIndex) has the last word, as the server's 404 said.
 */
export function useRobotsMeta(pathname: string): void {
  useLayoutEffect(() => setMeta("robots", robotsFor(pathname)), [pathname]);
}

/** A page showing 'not found' keeps search engines away, as its server-rendered 404 does. */
export function useNoIndex(active: boolean): void {
  useEffect(() => {
    if (active) setMeta("robots", "noindex, nofollow");
  }, [active]);
}

/** Sets the description meta tag for a page, restoring the site's own when the page goes. */
export function useDescriptionMeta(description: string | undefined): void {
  useEffect(() => {
    if (!description) return;
    const tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previous = tag?.content;
    setMeta("description", description);
    return () => {
      if (previous !== undefined) setMeta("description", previous);
    };
  }, [description]);
}
