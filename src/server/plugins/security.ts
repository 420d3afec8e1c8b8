import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.js";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Scripts only from our own files, plus (on a rendered page) the inline scripts React writes into
 * it, each allowed by its SHA-256: never an inline script an attacker could add.
 */
export function contentSecurityPolicy(inlineScriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`)].join(" "),
    ...OTHER_DIRECTIVES,
  ].join("; ");
}

const OTHER_DIRECTIVES = [
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Cross-site request refusal for every mutation (cookie-authenticated admin calls above all):
 * a browser sends Sec-Fetch-Site and Origin; a request from another site is refused before any
 * handler runs. Non-browser clients (no such headers) are unaffected.
 */
export function registerSecurity(app: FastifyInstance): void {
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
    // A rendered page sets its own, naming its inline scripts by hash.
    if (!reply.hasHeader("Content-Security-Policy")) reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    if (request.protocol === "https") reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (request.url.startsWith("/api/") && !reply.hasHeader("Cache-Control")) {
      reply.header("Cache-Control", "no-store");
    }
    return payload;
  });
}
