import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fs from "node:fs";
import path from "node:path";

/**
 * Serves the built storefront: hashed assets with long immutable caching (and the .br/.gz files
 * the build wrote beside them), everything else outside /api falls back to index.html.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
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
  const html = fs.readFileSync(indexFile);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0];
    if (url.startsWith("/api/") || url === "/api" || request.method !== "GET") {
      return reply.status(404).send({ error: `No API endpoint ${request.method} ${url}` });
    }
    if (path.extname(url)) return reply.status(404).type("text/plain").send("Not found");
    return reply.type("text/html").header("Cache-Control", "no-cache").send(html);
  });
}
