import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.js";
import { pixelSources } from "../modules/ads/index.js";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Scripts only from our own files, on every answer and every rendered page: no inline script at
 * all. The server renderer renders a page whole (entry-server.tsx), so React writes no inline
 * script of its own; a page's data travels in JSON blocks, which do not run. An inline script
 * that got into a page through its data would not run either.
 */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * The policy, with Meta's pixel when it is on (META_PIXEL_ID): its script from its own origin,
 * its events to Meta's (an image or a beacon), and nothing else of Meta's. `npm run dev`'s pages
 * (plugins/dev-client.ts) also let Vite's hot-reload client talk over a WebSocket.
 */
export function contentSecurityPolicy(pixel?: { script: string; send: string }, dev = false): string {
  const scripts = ["'self'", ...(pixel ? [pixel.script] : [])];
  const connections = ["'self'", ...(pixel ? [pixel.send] : []), ...(dev ? ["ws:", "wss:"] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${pixel ? ` ${pixel.send}` : ""}`,
    "font-src 'self'",
    `connect-src ${connections.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Cross-site request refusal for every mutation (cookie-authenticated admin calls above all):
 * a browser sends Sec-Fetch-Site and Origin; a request from another site is refused before any
 * handler runs. Non-browser clients (no such headers) are unaffected.
 */
export function registerSecurity(app: FastifyInstance): void {
  const policy = contentSecurityPolicy(pixelSources(app.config.metaAds));
  // text/plain bodies are how cross-site forms smuggle JSON in; only real JSON is accepted.
  app.removeContentTypeParser("text/plain");

  app.addHook("onRequest", async (request) => {
    if (!MUTATIONS.has(request.method)) return;
    const site = request.headers["sec-fetch-site"];
    if (site === "cross-site") throw new AppError("FORBIDDEN", "Cross-site requests are not allowed");
    const origin = request.headers.origin;
    if (origin && origin !== "null") {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        throw new AppError("FORBIDDEN", "Cross-site requests are not allowed");
      }
      if (host !== request.headers.host) throw new AppError("FORBIDDEN", "Cross-site requests are not allowed");
    } else if (origin === "null") {
      throw new AppError("FORBIDDEN", "Cross-site requests are not allowed");
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "DENY");
    // An answer may set a stricter one of its own.
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", policy);
    if (request.protocol === "https") reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (request.url.startsWith("/api/") && !reply.hasHeader("Cache-Control")) {
      reply.header("Cache-Control", "no-store");
    }
    return payload;
  });
}
