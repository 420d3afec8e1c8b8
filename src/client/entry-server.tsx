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
import { IMAGE_SIZES } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";
import type { HomeProducts, Product, ProductPage } from "@shared/schemas/products.js";
import { AppFrame, makeQueryClient } from "./app/app";
import { pageHead, scriptSafeJson } from "./app/page-head";
import { matchRoute } from "./app/route-table";

export { pageUrl } from "./app/route-table";
import { preloadPage } from "./app/router";
import { PAGE_STATE_ID, seedQueries } from "./lib/page-data";
import { catalogKeys } from "./lib/queries";

/**
 * Every public API read a page is rendered from (the route's first reads, and a product's rating
 * for its JSON-LD): the server checks their versions to know whether a cached page still holds.
 */
export function pageReads(url: string): string[] {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  const match = matchRoute(pathname);
  if (match.route.clientOnly) return [];
  const reads = match.route.data(match.params, searchParams);
  const id = match.route.path === "/product/:id" ? match.params.id : undefined;
  return id && /^\d{1,9}$/.test(id) ? [...reads, `/api/reviews/product/${id}/rating`] : reads;
}

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
  largest?: { image: ImageRef; sizes: string };
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

  const paths = match.route.data(match.params, searchParams);
  const productId =
    match.route.path === "/product/:id" && /^\d{1,9}$/.test(match.params.id ?? "") ? Number(match.params.id) : NaN;
  const ratingPath = pageReads(url).find((p) => p.endsWith("/rating"));
  const [texts, ratingText] = await Promise.all([
    Promise.all(paths.map(read)),
    ratingPath ? read(ratingPath) : Promise.resolve(undefined),
  ]);
  const answers: Record<string, unknown> = {};
  paths.forEach((p, i) => {
    if (texts[i] !== undefined) answers[p] = JSON.parse(texts[i]!);
  });

  const queryClient = makeQueryClient();
  seedQueries(queryClient, answers);
  // A missing product renders 'Product Not Found' at once, as useProduct resolves a 404.
  if (Number.isInteger(productId) && productId > 0 && answers[`/api/products/${productId}`] === undefined)
    queryClient.setQueryData(catalogKeys.product(productId), null);

  await preloadPage(pathname);
  const body = await renderToHtml(
    <StrictMode>
      <AppFrame
        queryClient={queryClient}
        router={(routes) => <StaticRouter location={parsed.pathname + parsed.search}>{routes}</StaticRouter>}
      />
    </StrictMode>,
  );

  const head = pageHead({
    match,
    pathname,
    search: searchParams,
    answers,
    origin,
    rating: ratingText ? JSON.parse(ratingText) : undefined,
  });
  const state = `<script id="${PAGE_STATE_ID}" type="application/json">${scriptSafeJson(JSON.stringify(dehydrate(queryClient)))}</script>`;
  return {
    status: head.status,
    head: head.html,
    body,
    state,
    module: match.route.module,
    largest: largestPicture(match.route.path, answers, paths),
    clientOnly: false,
  };
}

/** The picture a page's largest paint is, as far as its data tells: preloaded before styles and scripts. */
function largestPicture(routePath: string, answers: Record<string, unknown>, paths: string[]): RenderedPage["largest"] {
  if (routePath === "/product/:id") {
    const product = answers[paths[1]] as Product | undefined;
    return product?.images[0] ? { image: product.images[0], sizes: IMAGE_SIZES.gallery } : undefined;
  }
  if (routePath === "/") {
    const first = (answers["/api/products/home"] as HomeProducts | undefined)?.hero[0];
    return first?.images[0] ? { image: first.images[0], sizes: IMAGE_SIZES.hero } : undefined;
  }
  const list = paths.find((p) => p.startsWith("/api/products?"));
  const first = list ? (answers[list] as ProductPage | undefined)?.products[0] : undefined;
  return first?.images[0] ? { image: first.images[0], sizes: IMAGE_SIZES.card } : undefined;
}
