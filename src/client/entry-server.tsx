/**
 * The server renderer (built by `vite build --ssr` into dist/server, loaded by the server's
 * plugins/client.ts): renders a storefront URL with the same components, route table and query
 * keys the browser hydrates with.
 */
import { dehydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouter } from "react-router";
import { Writable } from "node:stream";
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

function renderToHtml(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString());
        done();
      },
    });
    // Pages are cached whole per catalogue version, so the renderer waits for everything
    // (lazy sections below the fold included) and the stream is read to its end. With nothing
    // left to stream, no boundary is written out of place: by default React writes a completed
    // boundary past its first ~12.8 KB as its fallback plus a hidden copy moved in by a script
    // (the home page carried its collections twice, a still grid and a hidden carousel).
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
    });
  });
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
