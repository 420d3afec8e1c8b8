import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.js";

/** Fastify's own error codes that are the client's fault, with what the client should do. */
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty; send a JSON object" },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request body is too large" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: "Unsupported content type; send JSON (application/json) or a multipart form",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The Content-Length header does not match the body" },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, message: "The Content-Type header is invalid" },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: "This call expects a multipart form" },
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    message: "A file is too large; images must be under 10MB",
  },
  FST_FILES_LIMIT: { status: 400, message: "Maximum 5 images allowed" },
  FST_PARTS_LIMIT: { status: 413, message: "The form has too many parts" },
  FST_FIELDS_LIMIT: { status: 413, message: "The form has too many fields" },
  FST_PROTO_VIOLATION: { status: 400, message: "The form is malformed" },
  FST_ERR_VALIDATION: { status: 400, message: "The request is invalid" },
  FST_ERR_BAD_URL: { status: 400, message: "The URL is malformed" },
};

/** One error handler: AppError codes and Fastify's client errors become `{error}`; the rest is logged and hidden. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.status)
        .send({ ...err.extra, error: err.message, ...(err.details ? { details: err.details } : {}) });
    }
    const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
    if (known) return reply.status(known.status).send({ error: known.message });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ error: err.message || "The request could not be handled" });
    }
    request.log.error({ err }, "request failed");
    return reply.status(500).send({ error: "Something went wrong on our side. Please try again in a moment." });
  });
}

/**
 * The one not-found handler: unknown /api paths (and non-GET requests) get a JSON 404; with a
 * built client, any other GET is a storefront route and gets index.html (the SPA fallback).
 */
export function registerNotFound(app: FastifyInstance, renderPage?: (url: string) => string): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?", 1)[0];
    const isPage = renderPage && request.method === "GET" && !url.startsWith("/api/") && url !== "/api";
    if (!isPage) return reply.status(404).send({ error: `No API endpoint ${request.method} ${url}` });
    if (/\.[a-z0-9]+$/i.test(url)) return reply.status(404).type("text/plain").send("Not found");
    return reply.type("text/html").header("Cache-Control", "no-cache").send(renderPage(request.url));
  });
}
