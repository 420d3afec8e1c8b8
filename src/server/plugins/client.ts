import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { pageOf, pageRenderer, type ReadApi } from "./page-preloads.js";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Storefront routes served with their first reads inlined (the rest get index.html with preloads). */
const DATA_PAGES = [
  "/",
  "/shop",
  "/product/:id",
  "/collection/:category",
  "/search",
  "/cart",
  "/checkout",
  "/wishlist",
];
/** Rendered pages kept (compressed) per URL: product pages are one each. */
const MAX_PAGES = 500;

interface RenderedPage {
  dataEtag: string;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Serves the built storefront: hashed assets with long immutable caching (and the .br/.gz files
 * the build wrote beside them), and the storefront's pages with their first data inlined.
 * Returns the page renderer (index.html with per-page preloads) for the SPA fallback.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<(url: string) => string> {
  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) throw new Error(`No built client at ${clientDir}; run npm run build`);
  await app.register(fastifyStatic, {
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
  const renderer = pageRenderer(clientDir, fs.readFileSync(indexFile));

  // Catalogue reads through the catalogue cache: a hit costs no query; a miss fills it.
  const readApi: ReadApi = async (apiPath) => {
    const cached = app.catalogueCache.get(apiPath);
    if (cached) return { json: cached.identity.toString(), etag: cached.etag };
    const res = await app.inject({ method: "GET", url: apiPath });
    if (res.statusCode !== 200) return undefined;
    return { json: res.body, etag: String(res.headers.etag ?? createHash("sha1").update(res.body).digest("hex")) };
  };

  // The same bytes for every shopper until the catalogue changes: compressed once per change.
  const pages = new Map<string, RenderedPage>();
  const render = async (url: string): Promise<RenderedPage> => {
    // The page depends on its path and on whether it has a query, not on the query itself.
    const [pathname, query] = url.split("?", 2);
    const key = query ? `${pathname}?` : pathname;
    // Read first (cache hits): the page is made and compressed again only when its data changed.
    const paths = pageOf(pathname, Boolean(query)).data;
    const answers = await Promise.all(paths.map(readApi));
    const dataEtag = answers.map((a) => a?.etag ?? "-").join(",");
    const known = pages.get(key);
    if (known?.dataEtag === dataEtag) return known;
    const { html } = await renderer.withData(
      pathname,
      Boolean(query),
      async (apiPath) => answers[paths.indexOf(apiPath)],
    );
    const identity = Buffer.from(html);
    const page: RenderedPage = {
      dataEtag,
      etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`,
      identity,
      gzip: await gzip(identity, { level: 9 }),
      br: await brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    };
    if (pages.size >= MAX_PAGES && !pages.has(key)) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    return page;
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = await render(request.url);
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").header("Vary", "Accept-Encoding");
    reply.header("ETag", page.etag);
    if (request.headers["if-none-match"] === page.etag) return reply.status(304).send();
    const accepted = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) return reply.header("Content-Encoding", "br").send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header("Content-Encoding", "gzip").send(page.gzip);
    return reply.send(page.identity);
  };
  for (const url of DATA_PAGES) app.get(url, servePage);

  return renderer.withPreloads;
}
