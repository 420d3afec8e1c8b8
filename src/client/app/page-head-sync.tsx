import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useLayoutEffect, useMemo } from "react";
import { useLocation } from "react-router";
import { answersOf } from "./page-head";
import { matchRoute, pageHead, readsOf } from "./route-table";

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
 * first one from: it listens to the route's reads, so a product that loads (or turns out missing)
 * retitles the page. It writes what a person or a tab sees (title, description, robots); the
 * canonical link, Open Graph and JSON-LD are for crawlers and link previews, which read the
 * server's page. Rendered by the store layout; renders nothing.
 */
export function PageHeadSync(): null {
  const { pathname, search } = useLocation();
  const client = useQueryClient();
  const match = useMemo(() => matchRoute(pathname), [pathname]);
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const reads = useMemo(() => match.route.reads(match.params, searchParams), [match, searchParams]);
  // Subscribed, so an answer arriving re-renders this (and only this) component.
  const answers = useQueries({
    queries: readsOf(reads).map((read) => ({ ...read, notifyOnChangeProps: ["data" as const] })),
    combine: (results) => results.map((r) => r.data),
  });
  useLayoutEffect(() => {
    const head = pageHead(match, { pathname, search: searchParams, origin: window.location.origin }, answersOf(client));
    document.title = head.title;
    setHeadTag('meta[name="description"]', meta("description"), (el) => el.setAttribute("content", head.description));
    setHeadTag('meta[name="robots"]', meta("robots"), (el) => el.setAttribute("content", head.robots));
    // The answers are what the head is worked out from (read from the cache by answersOf).
  }, [match, pathname, searchParams, client, answers]);
  return null;
}
