import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from "fastify";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { AppError } from "../lib/app-error.js";
import { cacheKey } from "./catalogue-cache.js";
import { internalRead, OVERLOAD_MESSAGE } from "./overload.js";
import { pageAssembler } from "./page-preloads.js";
import { publicOrigin, registerSeoFiles } from "./seo-files.js";
import { contentSecurityPolicy } from "./security.js";

/** Inline scripts that run (React's own), not the JSON data blocks a page carries. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)(?![^>]*\stype="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;

/** The page's Content-Security-Policy: our own script files and these inline scripts, by hash. */
function pagePolicy(html: string): string {
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .filter((m) => m[1].length > 0)
    .map((m) => createHash("sha256").update(m[1]).digest("base64"));
  return contentSecurityPolicy([...new Set(hashes)]);
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Rendered pages kept (compressed) per URL: product pages are one each. */
const MAX_PAGES = 500;

/** The server renderer's interface (src/client/entry-server.tsx, built into dist/server). */
interface ServerEntry {
  pageReads(url: string): string[];
  renderPage(input: { url: string; origin: string; read: (apiPath: string) => Promise<string | undefined> }): Promise<{
    status: number;
    head: string;
    body: string;
    state: string;
    module: string;
    largest?: { image: import("@shared/schemas/common.js").ImageRef; sizes: string };
    clientOnly: boolean;
  }>;
}

interface RenderedPage {
  /** The API reads the page is made from (the same for every request of its URL). */
  reads: string[];
  dataEtag: string;
  status: number;
  etag: string;
  identity: Buffer;
  /** Allows exactly the inline scripts this page holds. */
  csp: string;
  gzip: Buffer;
  br: Buffer;
}

interface ApiAnswer {
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
  const assemble = pageAssembler(clientDir, fs.readFileSync(indexFile));
  const browserPage = (module: string) =>
    assemble({
      module,
      head: `<title>Store admin</title><meta name="robots" content="noindex, nofollow">`,
      body: "",
      state: "",
    });

  // Catalogue reads through the catalogue cache: a hit costs a map lookup (its JSON text is only
  // made when the page is rendered); a miss fills it.
  const readApi = async (apiPath: string): Promise<ApiAnswer | undefined> => {
    const cached = app.catalogueCache.get(cacheKey(apiPath));
    if (cached) return { etag: cached.etag, json: () => cached.identity.toString() };
    // Part of the page request, which holds a place already: the read takes none of its own.
    const res = await internalRead(() => app.inject({ method: "GET", url: apiPath }));
    // A refused or failed read is no missing product: the page fails with it, never says "not found".
    if (res.statusCode >= 500) throw readFailed(apiPath, res);
    if (res.statusCode !== 200) return undefined;
    const etag = String(res.headers.etag ?? createHash("sha1").update(res.body).digest("hex"));
    return { etag, json: () => res.body };
  };

  // The same bytes for every shopper until the data a page shows changes: compressed once per change.
  const pages = new Map<string, RenderedPage>();
  const render = async (url: string, origin: string): Promise<RenderedPage> => {
    const key = `${origin} ${url}`;
    const known = pages.get(key);
    // Read first (cache hits): the page is rendered and compressed again only when its data changed.
    const reads = known?.reads ?? ssr.pageReads(url);
    const answers = await Promise.all(reads.map(readApi));
    const dataEtag = answers.map((a) => a?.etag ?? "-").join(",");
    if (known?.dataEtag === dataEtag) return known;
    const rendered = await ssr.renderPage({
      url,
      origin,
      read: async (apiPath) => {
        const i = reads.indexOf(apiPath);
        return (i >= 0 ? answers[i] : await readApi(apiPath))?.json();
      },
    });
    const html = rendered.clientOnly ? browserPage(rendered.module) : assemble(rendered);
    const identity = Buffer.from(html);
    const page: RenderedPage = {
      reads,
      dataEtag,
      status: rendered.status,
      etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`,
      identity,
      csp: pagePolicy(html),
      gzip: await gzip(identity, { level: 9 }),
      br: await brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    };
    pages.delete(key);
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    return page;
  };

  const origin = (request: FastifyRequest) => publicOrigin(app, request);

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?", 1)[0];
    // Unknown API paths and missing files keep their own 404s.
    if (pathname === "/api" || pathname.startsWith("/api/") || /\.[a-z0-9]+$/i.test(pathname))
      return reply.callNotFound();
    const page = await render(request.url, origin(request));
    reply.status(page.status);
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
    reply.header("ETag", page.etag).header("Content-Security-Policy", page.csp);
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
