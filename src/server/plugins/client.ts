import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from "fastify";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { AppError } from "../lib/app-error.js";
import type { MetaAdsConfig } from "../modules/ads/index.js";
import { networkKey } from "../lib/network-key.js";
import { cacheKey } from "./catalogue-cache.js";
import { busyPage, newPageThrottle } from "./new-page-throttle.js";
import { internalRead, OVERLOAD_MESSAGE } from "./overload.js";
import { PageCache } from "./page-cache.js";
import { compressPage, type CompressedPage } from "./page-compression.js";
import { pageAssembler } from "./page-preloads.js";
import { publicOrigin, registerSeoFiles } from "./seo-files.js";
import { redirectIfMoved } from "./page-redirects.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Settles when every kept page's strong compression under way has finished (tests). */
    pagesCompressed?: () => Promise<void>;
  }
}

/** Rendered pages kept (compressed): product pages are one each. */
const MAX_PAGES = 500;
/** Pages rendered once and not (yet) asked for again: the long tail and anything made up. */
const MAX_ONE_OFF_PAGES = 200;

/** The server renderer's interface (src/client/entry-server.tsx, built into dist/server; from source in dev). */
export interface ServerEntry {
  /** The URL a page is rendered and cached as: its path and the query parameters its route reads. */
  pageUrl(url: string): string;
  pageReads(url: string): string[];
  renderPage(input: { url: string; origin: string; read: (apiPath: string) => Promise<string | undefined> }): Promise<{
    status: number;
    head: string;
    body: string;
    state: string;
    module: string;
    largest?: import("@shared/rules/images.js").LargestPicture;
    clientOnly: boolean;
  }>;
}

interface RenderedPage extends CompressedPage {
  /** The API reads the page is made from (the same for every request of its URL). */
  reads: string[];
  dataEtag: string;
  status: number;
  etag: string;
}

export interface ApiAnswer {
  etag: string;
  json: () => string;
}

/** A page whose data could not be read: 503 with the read's Retry-After when it was shed, else a logged 500. */
function readFailed(apiPath: string, res: LightMyRequestResponse): Error {
  if (res.statusCode !== 503) return new Error(`The page's read of ${apiPath} answered ${res.statusCode}`);
  const retryAfter = res.headers["retry-after"];
  return new AppError(
    "UNAVAILABLE",
    OVERLOAD_MESSAGE,
    undefined,
    retryAfter ? { "Retry-After": String(retryAfter) } : undefined,
  );
}

/**
 * With the pixel on (META_PIXEL_ID), every page names it in a meta tag the storefront reads after
 * the page has loaded (lib/ads/meta-pixel.ts); off, the page is as built.
 */
export function withPixelTag(html: Buffer, pixel: MetaAdsConfig | undefined): Buffer {
  if (!pixel) return html;
  const attr = (v: string) => v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const tag = `<meta name="meta-pixel" content="${attr(pixel.pixelId)}" data-script="${attr(pixel.pixelScriptUrl)}">`;
  return Buffer.from(html.toString("utf8").replace("</head>", `${tag}</head>`));
}

/**
 * A page's API reads, through the catalogue cache: a hit costs a map lookup, and a read of the
 * stock counts it shows (its JSON text is only made when the page is rendered); a miss fills it.
 * Undefined unless 200.
 */
export function pageDataReader(app: FastifyInstance): (apiPath: string) => Promise<ApiAnswer | undefined> {
  return async (apiPath) => {
    // A launch or a sale due by now clears what was kept, as an API request would (decision 039).
    app.catalogueCache.expireBy(app.clock.now().getTime());
    const cached = await app.catalogueCache.current(cacheKey(apiPath));
    if (cached) return { etag: cached.etag, json: () => cached.identity.toString() };
    // Part of the page request, which holds a place already: the read takes none of its own.
    const res = await internalRead(() => app.inject({ method: "GET", url: apiPath }));
    // A refused or failed read is no missing product: the page fails with it, never says "not found".
    if (res.statusCode >= 500) throw readFailed(apiPath, res);
    if (res.statusCode !== 200) return undefined;
    const etag = String(res.headers.etag ?? createHash("sha1").update(res.body).digest("hex"));
    return { etag, json: () => res.body };
  };
}

/** Paths that are no page: the API's, and files (anything with an extension), which keep their own 404s. */
export const isPagePath = (pathname: string) =>
  !(pathname === "/api" || pathname.startsWith("/api/") || /\.[a-z0-9]+$/i.test(pathname));

/** The head of a page the browser renders (admin, not found for another method). */
export const BROWSER_PAGE_HEAD = `<title>Store admin</title><meta name="robots" content="noindex, nofollow">`;

/** Where `vite build --ssr` put the server renderer: beside the client build (dist/client → dist/server). */
export const serverEntryOf = (clientDir: string) => path.join(clientDir, "..", "server", "entry-server.js");

/**
 * Serves the built storefront: hashed assets with long immutable caching (and the .br/.gz files
 * the build wrote beside them), and every storefront page rendered on the server by React from
 * the same components the browser hydrates, with its first data inlined. A page is rendered and
 * compressed once per version of the data it shows (the catalogue cache's ETags), then served
 * like a cached API answer. Admin pages are sent for the browser to render.
 * Returns the plain page for the not-found handler (a page asked for with another method).
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<(url: string) => string> {
  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) throw new Error(`No built client at ${clientDir}; run npm run build`);
  const entryFile = serverEntryOf(clientDir);
  if (!fs.existsSync(entryFile)) throw new Error(`No built server renderer at ${entryFile}; run npm run build`);
  const ssr = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  // The built files are public by nature: the static plugin's routes in this scope say so.
  await app.register(async (scope) => {
    scope.decorate("routesArePublic", true);
    await scope.register(fastifyStatic, {
      root: clientDir,
      prefix: "/",
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
      },
    });
  });
  const assemble = pageAssembler(clientDir, withPixelTag(fs.readFileSync(indexFile), app.config.metaAds));
  const browserPage = (module: string) => assemble({ module, head: BROWSER_PAGE_HEAD, body: "", state: "" });

  const readApi = pageDataReader(app);

  // The same bytes for every shopper until the data a page shows changes: compressed once per change.
  const pages = new PageCache<RenderedPage>(MAX_PAGES, MAX_ONE_OFF_PAGES);
  const newPages = newPageThrottle(app.config.newPagesPerNetwork);
  // With PUBLIC_URL every page has one origin, whatever Host a request names: the Host is no part
  // of the key. Without it the origin (and so the canonical link) is the request's own.
  const pageKey = (url: string, origin: string) => (app.config.publicUrl ? url : `${origin} ${url}`);

  // Strong compression (brotli 9 of a 170 KB page: tens of milliseconds) is never on a shopper's
  // wait: a kept page is first sent quickly compressed, and replaced by its smaller bytes once
  // they are made, unless the page changed meanwhile.
  const compressing = new Set<Promise<void>>();
  const compressStrongly = (key: string, quick: RenderedPage) => {
    const done: Promise<void> = compressPage(quick.identity, "strong")
      .then((strong) => {
        if (pages.get(key)?.page === quick) pages.keep(key, { ...quick, ...strong });
      })
      .catch((err: unknown) =>
        app.log.error({ err, key }, "A page's strong compression failed; it stays quickly compressed"),
      )
      .finally(() => compressing.delete(done));
    compressing.add(done);
  };
  app.decorate("pagesCompressed", async () => {
    while (compressing.size) await Promise.all(compressing);
  });

  const render = async (request: FastifyRequest): Promise<RenderedPage> => {
    const url = ssr.pageUrl(request.url);
    const origin = publicOrigin(app, request);
    const key = pageKey(url, origin);
    const known = pages.get(key);
    // Read first (cache hits): the page is rendered and compressed again only when its data changed.
    const reads = known?.page.reads ?? ssr.pageReads(url);
    const answers = await Promise.all(reads.map(readApi));
    const dataEtag = answers.map((a) => a?.etag ?? "-").join(",");
    if (known?.page.dataEtag === dataEtag) {
      if (known.kept) return known.page;
      // Asked for a second time: kept, and worth the strong compression, once, after this answer.
      pages.keep(key, known.page);
      compressStrongly(key, known.page);
      return known.page;
    }
    // A page nobody has asked for twice costs a render: counted per network (a kept page whose
    // data changed is not the asker's doing).
    if (!known?.kept) await newPages.take(networkKey(request.ip));
    const rendered = await ssr.renderPage({
      url,
      origin,
      read: async (apiPath) => {
        const i = reads.indexOf(apiPath);
        return (i >= 0 ? answers[i] : await readApi(apiPath))?.json();
      },
    });
    const identity = Buffer.from(rendered.clientOnly ? browserPage(rendered.module) : assemble(rendered));
    const page: RenderedPage = {
      reads,
      dataEtag,
      status: rendered.status,
      etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`,
      ...(await compressPage(identity, "quick")),
    };
    if (known?.kept) {
      // A kept page whose data changed: answered now, made smaller after.
      pages.keep(key, page);
      compressStrongly(key, page);
    } else pages.holdOnce(key, page);
    return page;
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    // Unknown API paths and missing files keep their own 404s.
    if (!isPagePath(request.url.split("?", 1)[0])) return reply.callNotFound();
    const moved = await redirectIfMoved(app, request, reply);
    if (moved) return moved;
    let page: RenderedPage;
    try {
      page = await render(request);
    } catch (err) {
      if (!(err instanceof AppError && err.code === "RATE_LIMITED")) throw err;
      // A person reads this page; a crawler reads the status and Retry-After.
      return reply
        .status(err.status)
        .headers(err.headers ?? {})
        .header("Cache-Control", "no-store")
        .type("text/html; charset=utf-8")
        .send(busyPage(err.message, request.url));
    }
    if (page.status === 404) {
      const renamed = await redirectIfMoved(app, request, reply, page.status);
      if (renamed) return renamed;
    }
    reply.status(page.status);
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
    // The Content-Security-Policy is the plain one (plugins/security.ts): the renderer writes no
    // inline script, so a page allows none, and one that got in through data would not run.
    reply.header("ETag", page.etag);
    if (page.status === 200 && request.headers["if-none-match"] === page.etag) return reply.status(304).send();
    const accepted = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) return reply.header("Content-Encoding", "br").send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header("Content-Encoding", "gzip").send(page.gzip);
    return reply.send(page.identity);
  };
  app.get("/*", { config: { access: "public" } }, servePage);
  registerSeoFiles(app);

  return () => browserPage("app/routes/not-found.tsx");
}
