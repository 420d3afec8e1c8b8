import { Throttle } from "../lib/throttle.js";
import { escapeHtml } from "@shared/rules/html.js";

/**
 * Pages one network may have rendered afresh per minute. A page in the page cache costs nothing
 * and is not counted; a shopper's clicks inside the store are rendered in the browser. One a
 * second is beyond a person and a polite crawler, and holds one network to a sixth of a core at
 * the 160 ms a new shop page cost on a loaded test machine (decision 016).
 */
export const NEW_PAGES_PER_NETWORK = 60;
const WINDOW_MS = 60_000;

/**
 * Counts renders per network (lib/network-key.ts). In this process's memory on purpose, even on
 * PostgreSQL: what it bounds is this process's own CPU, and the page cache is per process too.
 */
export const newPageThrottle = (limit = NEW_PAGES_PER_NETWORK) =>
  new Throttle(limit, WINDOW_MS, "new pages opened from your network");

/**
 * The page a refused render answers with (429, Retry-After): the throttle's message, which says
 * how long to wait, and a link to try the same page again. Plain HTML, no script, readable as is.
 */
export function busyPage(message: string, path: string): string {
  // One leading slash: "//host/…" would be a link to another site.
  const again = `/${path.replace(/^[/\\]+/, "")}`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow"><title>Please try again shortly</title>',
    "<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.25rem;",
    "color:#1c1917;background:#faf7f2;line-height:1.5}a{color:inherit}</style></head><body>",
    "<h1>Please try again shortly</h1>",
    `<p>${escapeHtml(message)}</p>`,
    `<p><a href="${escapeHtml(again)}">Try again</a></p>`,
    "</body></html>",
  ].join("");
}
