/**
 * The server renderer (built by `vite build --ssr` into dist/server, loaded by the server's
 * plugins/client.ts): renders a storefront URL with the same components, route table and query
 * keys the browser hydrates with.
 */
import { dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import type { VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";
import { StaticRouter } from "react-router";
import { siteSettings } from "@shared/rules/settings.js";
import type { LargestPicture } from "@shared/rules/images.js";
import { AppFrame, makeQueryClient } from "./app/app";
import { answersOf, headHtml, scriptSafeJson } from "./app/page-head";
import { matchRoute, pageHead, readsOf } from "./app/route-table";
import { preloadPage } from "./app/router";
import { PAGE_STATE_ID } from "./lib/page-data";
import { queries } from "./lib/queries";

export { pageReads, pageUrl } from "./app/route-table";

/** Reads a public API path on the server (through the catalogue cache): its JSON text, or undefined unless 200. */
export type ReadApi = (apiPath: string) => Promise<string | undefined>;

export interface RenderedPage {
  /** 404 for a missing product or collection and an unknown route. */
  status: number;
  /** Elements for <head>: title, meta, canonical, JSON-LD. */
  head: string;
  /** The markup inside #root. */
  body: string;
  /** The <script> holding the dehydrated query cache (the page's first data, inlined once). */
  state: string;
  /** The route module (its chunks are preloaded). */
  module: string;
  /** The page's largest picture and the sizes it is shown at, for an early preload. */
  largest?: LargestPicture;
  /** Admin pages: no server rendering. */
  clientOnly: boolean;
}

/**
 * The page's markup, whole: pages are cached whole per catalogue version, so the renderer waits
 * for every lazy section (below the fold included) and writes each in its place, never a
 * fallback to be swapped later by a script.
 */
async function renderToHtml(element: React.ReactElement): Promise<string> {
  // The runtime is Preact's (decision 056); its renderer is typed for its own elements.
  return await renderToStringAsync(element as unknown as VNode);
}

export async function renderPage({
  url,
  origin,
  read,
}: {
  url: string;
  origin: string;
  read: ReadApi;
}): Promise<RenderedPage> {
  const parsed = new URL(url, "http://localhost");
  const { pathname, searchParams } = parsed;
  const match = matchRoute(pathname);
  if (match.route.clientOnly)
    return { status: 200, head: "", body: "", state: "", module: match.route.module, clientOnly: true };

  // The route's reads, read through the catalogue cache and filed under the keys the page reads them by.
  const queryClient = makeQueryClient();
  const reads = readsOf(match.route.reads(match.params, searchParams));
  const texts = await Promise.all(reads.map((r) => (r.meta?.read ? read(r.meta.read.path) : undefined)));
  reads.forEach((r, i) => {
    const text = texts[i];
    // A read whose 404 means "not there" (a product) renders that at once, as its query resolves it.
    if (text !== undefined) queryClient.setQueryData(r.queryKey, JSON.parse(text));
    else if (r.meta?.read && "missingAs" in r.meta.read) queryClient.setQueryData(r.queryKey, r.meta.read.missingAs);
  });

  await preloadPage(pathname);
  const body = await renderToHtml(
    <StrictMode>
      <AppFrame
        queryClient={queryClient}
        router={(routes) => <StaticRouter location={parsed.pathname + parsed.search}>{routes}</StaticRouter>}
      />
    </StrictMode>,
  );

  const get = answersOf(queryClient);
  const head = pageHead(match, { pathname, search: searchParams, origin }, get);
  const state = `<script id="${PAGE_STATE_ID}" type="application/json">${scriptSafeJson(JSON.stringify(dehydrate(queryClient)))}</script>`;
  return {
    status: head.status,
    head: headHtml(head, origin, pathname, siteSettings(get(queries.settings())).site_name),
    body,
    state,
    module: match.route.module,
    largest: head.largest,
    clientOnly: false,
  };
}
