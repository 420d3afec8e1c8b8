import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fs from "node:fs";
import path from "node:path";
import type { PluginOption, ViteDevServer } from "vite";
import { pixelSources } from "../modules/ads/index.js";
import { PAGE_SCRIPTS_TEMPLATE_ID } from "@shared/page-scripts.js";
import { redirectIfMoved } from "./page-redirects.js";
import { BROWSER_PAGE_HEAD, isPagePath, pageDataReader, withPixelTag, type ServerEntry } from "./client.js";
import { contentSecurityPolicy } from "./security.js";
import { publicOrigin, registerSeoFiles } from "./seo-files.js";

/** The renderer's source, as Vite names it from the storefront's root (vite.config.ts: src/client). */
const SERVER_ENTRY = "/entry-server.tsx";
/** Vite's own URLs (its client, pre-bundled dependencies, files by absolute path) and every file. */
const VITE_PATH = /^\/(@|node_modules\/|__)/;
/** Vite's page with the renderer's parts put in, as plugins/page-preloads.ts does for the built one (unoptimized). */
function assembleDevPage(shell: string, parts: { head: string; body: string; state: string }): string {
  return shell
    .replace("</head>", () => `${parts.head}</head>`)
    .replace(
      `<div id="root"></div>`,
      () =>
        `<div id="root">${parts.body}</div>${parts.state}` +
        `<template id="${PAGE_SCRIPTS_TEMPLATE_ID}"><script type="module" src="/start.tsx"></script></template>`,
    );
}

/**
 * `npm run dev`: the storefront from source, through Vite in middleware mode inside this server.
 * Vite serves the modules (with hot reload over a WebSocket on this server's port); every
 * storefront page is rendered on each request by `entry-server.tsx` loaded through
 * `vite.ssrLoadModule`, which loads a changed file afresh, so a page shows an edit on its next
 * load. No page cache, no compression, no preloads: those are the build's (plugins/client.ts).
 * A page's Content-Security-Policy is the built store's, with WebSockets for hot reload (Vite's
 * page carries no inline script: Preact's fast refresh needs no preamble).
 * Returns the plain page for the not-found handler.
 */
export async function registerDevClient(
  app: FastifyInstance,
  options: { viteConfigFile: string; plugins?: PluginOption[] },
): Promise<{ vite: ViteDevServer; notFoundPage: (url: string) => string }> {
  // Loaded only here: a production server never imports Vite.
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: options.viteConfigFile,
    plugins: options.plugins,
    appType: "custom",
    server: { middlewareMode: true, hmr: { server: app.server } },
    logLevel: !app.config.logLevel || app.config.logLevel === "silent" ? "warn" : "info",
  });
  app.addHook("onClose", async () => vite.close());
  const indexFile = path.join(vite.config.root, "index.html");
  const shellOf = async (url: string) =>
    withPixelTag(
      Buffer.from(await vite.transformIndexHtml(url, fs.readFileSync(indexFile, "utf8"))),
      app.config.metaAds,
    ).toString();
  const plainShell = assembleDevPage(await shellOf("/"), { head: BROWSER_PAGE_HEAD, body: "", state: "" });
  const readApi = pageDataReader(app);
  const pixel = pixelSources(app.config.metaAds);

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?", 1)[0];
    if (pathname === "/api" || pathname.startsWith("/api/")) return reply.callNotFound();
    if (!isPagePath(pathname) || VITE_PATH.test(pathname)) {
      // Vite answers on the raw response; what it does not know is a 404.
      reply.hijack();
      vite.middlewares(request.raw, reply.raw, () => {
        if (reply.raw.headersSent) return reply.raw.end();
        reply.raw.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      });
      return reply;
    }
    const moved = await redirectIfMoved(app, request, reply);
    if (moved) return moved;
    const ssr = (await vite.ssrLoadModule(SERVER_ENTRY)) as ServerEntry;
    const url = ssr.pageUrl(request.url);
    let rendered: Awaited<ReturnType<ServerEntry["renderPage"]>>;
    try {
      rendered = await ssr.renderPage({
        url,
        origin: publicOrigin(app, request),
        read: async (apiPath) => (await readApi(apiPath))?.json(),
      });
    } catch (err) {
      // Stack traces name the source lines, not the transformed ones.
      if (err instanceof Error) vite.ssrFixStacktrace(err);
      throw err;
    }
    const renamed = await redirectIfMoved(app, request, reply, rendered.status);
    if (renamed) return renamed;
    const parts = rendered.clientOnly ? { head: BROWSER_PAGE_HEAD, body: "", state: "" } : rendered;
    const html = assembleDevPage(await shellOf(request.url), parts);
    return reply
      .status(rendered.status)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", contentSecurityPolicy(pixel, true))
      .send(html);
  };
  app.get("/*", { config: { access: "public" } }, serve);
  registerSeoFiles(app);
  return { vite, notFoundPage: () => plainShell };
}
