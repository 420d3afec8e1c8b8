import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useLayoutEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { answersOf } from "./page-head";
import { matchRoute, pageHead } from "./route-table";

function setHeadTag(selector: string, make: () => HTMLElement, apply: (el: HTMLElement) => void): void {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = make();
    document.head.appendChild(el);
  }
  apply(el);
}

const meta = (name: string) => () => Object.assign(document.createElement("meta"), { name });

/**
 * Keeps the browser's head in step with the page, from the same declaration the server wrote the
 * first one from: it listens to the query cache the page's reads land in, so a product that loads
 * (or turns out missing) retitles the page. It writes what a person or a tab sees (title, description, robots); the
 * canonical link, Open Graph and JSON-LD are for crawlers and link previews, which read the
 * server's page. Rendered by the store layout; renders nothing.
 */
export function PageHeadSync(): null {
  const { pathname, search } = useLocation();
  const client = useQueryClient();
  // What the tab shows, worked out again whenever the query cache changes (an answer arrives), as
  // one string so an unchanged head is no change.
  const shown = useSyncExternalStore(
    useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]),
    () => {
      const head = pageHead(
        matchRoute(pathname),
        { pathname, search: new URLSearchParams(search), origin: window.location.origin },
        answersOf(client),
      );
      return JSON.stringify([head.title, head.description, head.robots]);
    },
    () => "",
  );
  useLayoutEffect(() => {
    if (shown === "") return;
    const [title, description, robots] = JSON.parse(shown) as [string, string, string];
    document.title = title;
    setHeadTag('meta[name="description"]', meta("description"), (el) => el.setAttribute("content", description));
    setHeadTag('meta[name="robots"]', meta("robots"), (el) => el.setAttribute("content", robots));
  }, [shown]);
  return null;
}
