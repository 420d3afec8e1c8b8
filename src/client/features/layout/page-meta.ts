import { useEffect } from "react";

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

/** Keeps the robots meta tag in step with the route ('index, follow' unless the page is flagged). */
export function useRobotsMeta(pathname: string): void {
  useEffect(() => setMeta("robots", robotsFor(pathname)), [pathname]);
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
