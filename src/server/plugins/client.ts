import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fs from "node:fs";
import path from "node:path";
import { pageRenderer } from "./page-preloads.js";

/**
 * Serves the built storefront: hashed assets with long immutable caching (and the .br/.gz files
 * the build wrote beside them).
 */
/** Returns the page renderer (index.html with per-page preloads) for the SPA fallback. */
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
  return pageRenderer(clientDir, fs.readFileSync(indexFile));
}
