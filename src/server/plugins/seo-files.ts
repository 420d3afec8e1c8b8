import { asc } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { categories, products } from "../db/schema.js";
import { collectionPath, productPath } from "@shared/catalogue/handles.js";
import { catalogueNow, onSaleSql } from "../modules/catalogue/index.js";

/** A sitemap file holds at most 50,000 URLs; past that the protocol wants an index of files. */
const URLS_PER_SITEMAP = 50_000;

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The absolute origin of links: PUBLIC_URL, else the request's own (scheme, host, port as needed). */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  const configured = app.config.publicUrl?.replace(/\/+$/, "");
  if (configured) return configured;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://localhost`;
  }
}

/**
 * /robots.txt (everything open but the admin, personal pages and search results; the sitemap's
 * address) and /sitemap.xml (the home page, the shop, every collection and every product, with
 * the product's last change). Absolute URLs from PUBLIC_URL, else the request's origin.
 */
export function registerSeoFiles(app: FastifyInstance): void {
  const origin = (request: FastifyRequest) => publicOrigin(app, request);

  app.get("/robots.txt", { config: { access: "public" } }, async (request, reply) => {
    const lines = [
      "User-agent: *",
      "Disallow: /admin",
      "Disallow: /settings",
      "Disallow: /cart",
      "Disallow: /checkout",
      "Disallow: /wishlist",
      "Disallow: /search",
      "Disallow: /api/",
      "",
      `Sitemap: ${origin(request)}/sitemap.xml`,
      "",
    ];
    return reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(lines.join("\n"));
  });

  app.get("/sitemap.xml", { config: { access: "public" } }, async (request, reply) => {
    const base = origin(request);
    const collectionRows = await app.db
      .select({ slug: categories.slug })
      .from(categories)
      .orderBy(asc(categories.slug));
    const productRows = await app.db
      .select({ handle: products.handle, updatedAt: products.updatedAt })
      .from(products)
      // Drafts and archived products are no page a search engine may list (decision 039).
      .where(onSaleSql(catalogueNow(app.db)))
      .orderBy(asc(products.id))
      .limit(Math.max(0, URLS_PER_SITEMAP - 2 - collectionRows.length));
    const url = (path: string, lastmod?: string) =>
      `<url><loc>${xmlEscape(base + path)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ""}</url>`;
    const body = [
      `<?xml version="1.0" encoding="UTF-8"?>`,
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
      url("/"),
      url("/shop"),
      ...collectionRows.map((c) => url(collectionPath(c.slug))),
      ...productRows.map((p) => url(productPath(p), p.updatedAt)),
      `</urlset>`,
    ].join("\n");
    return reply.type("application/xml; charset=utf-8").header("Cache-Control", "public, max-age=600").send(body);
  });
}
