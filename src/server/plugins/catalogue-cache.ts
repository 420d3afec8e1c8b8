import { createHash, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { productListQuery } from "@shared/schemas/products.js";
import { SESSION_COOKIE } from "../modules/auth/index.js";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Public catalogue reads: the same bytes for every shopper until the catalogue changes. */
const CACHEABLE =
  /^\/api\/(products(\/\d+|\/home|\/facets|\/by-handle\/[a-z0-9-]{1,80})?|categories|settings|reviews\/product\/(\d+(\/rating)?|by-handle\/[a-z0-9-]{1,80}\/rating))$/;
/**
 * A request with a staff session may see drafts (decision 039): it is answered fresh and never
 * kept, so a shopper is never served what only staff may see.
 */
const STAFF_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);
/** Writes that change what those reads return. */
const INVALIDATING = /^\/api\/(products|categories|settings|reviews|admin\/discounts|admin\/attributes)(\/|$)/;

const CHANNEL = "store_catalogue_changed";
const MAX_ENTRIES = 1000;
/** Compressed and plain bytes kept in all: a bound on memory whatever the shoppers ask for. */
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * The only query parameters a cacheable read depends on (every parameter of the product list's
 * schema, paging included); others never make a new entry.
 */
const PRODUCT_LIST_PARAMS = new Set(Object.keys(productListQuery.shape));
/** A safety net under LISTEN/NOTIFY: a missed notification is stale for at most this long. */
const TTL_MS = 60_000;

interface Entry {
  /** What `FreshPart.remember` kept of the answer, checked at every hit (null: nothing). */
  fresh: unknown;
  etag: string;
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  storedAt: number;
}

/**
 * A part of cached answers that is read fresh at every hit instead of being cached (decision 035:
 * stock counts change with every order, the rest of the product rarely). An entry whose part no
 * longer holds is dropped and filled again, so the answer is exact and still compressed once.
 */
export interface FreshPart {
  /** At a fill, from the answer's JSON text: what to check at each hit, or null for nothing. */
  remember(json: string): unknown;
  /** At a hit: true while the database still says what was remembered. */
  holds(remembered: unknown): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Tests that write to the database directly call app.catalogueCache.invalidate(). */
    catalogueCache: CatalogueCache;
  }
  interface FastifyRequest {
    cacheFill?: { key: string; generation: number };
  }
}

/**
 * An in-process cache of catalogue responses, compressed once per fill (gzip and brotli), never
 * per request, answering If-None-Match with 304. Every successful write to the catalogue clears
 * it, and on PostgreSQL tells the other app servers to clear theirs (LISTEN/NOTIFY; decision 004).
 */
export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private totalBytes = 0;
  generation = 0;
  readonly ttlMs = TTL_MS;
  /** When what is kept goes stale by itself (an automatic sale starts or ends; modules/pricing). */
  private staleAt = Infinity;

  /** Set once by the module whose data it is (modules/stock). */
  freshPart: FreshPart | null = null;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The entry for `key` if it is still right: within its lifetime and its fresh part holding. */
  async current(key: string, now = Date.now()): Promise<Entry | undefined> {
    const entry = this.get(key, now);
    if (!entry || entry.fresh === null || !this.freshPart || (await this.freshPart.holds(entry.fresh))) return entry;
    if (this.entries.get(key) === entry) this.remove(key);
    return undefined;
  }

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && now - entry.storedAt > TTL_MS) {
      this.remove(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    const size = sizeOf(entry);
    if (size > this.maxBytes / 4) return; // one answer never crowds out the rest
    this.remove(key);
    while (this.entries.size > 0 && (this.entries.size >= MAX_ENTRIES || this.totalBytes + size > this.maxBytes))
      this.remove(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    this.totalBytes += size;
  }

  /** Nothing kept now may be served at or after `ms`. */
  expireAt(ms: number): void {
    this.staleAt = Math.min(this.staleAt, ms);
  }

  /** Clears everything when the time it went stale has come. */
  expireBy(now: number): void {
    if (now >= this.staleAt) this.invalidate();
  }

  invalidate(): void {
    this.staleAt = Infinity;
    this.generation++;
    this.entries.clear();
    this.totalBytes = 0;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= sizeOf(entry);
  }

  get size(): number {
    return this.entries.size;
  }
}

const sizeOf = (entry: Entry) => entry.identity.length + entry.gzip.length + entry.br.length;

/** Its parameters where a blank value means "no filter" (any other blank is refused with 400). */
const BLANK_MEANS_NONE = new Set(["category", "sizes", "colors", "q", "f"]);

/**
 * The cache key: the path and the parameters its answer depends on, in a canonical order. Only
 * the product list reads any; unknown parameters and blank filters are left out, so a stream of
 * made-up query strings finds the one entry already there instead of filling the cache.
 */
export function cacheKey(url: string): string {
  const [path, query = ""] = url.split("?", 2);
  if ((path !== "/api/products" && path !== "/api/products/facets") || !query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(query))
    if (PRODUCT_LIST_PARAMS.has(name) && !(BLANK_MEANS_NONE.has(name) && value.trim() === ""))
      params.append(name, value);
  params.sort();
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  reply.header("ETag", entry.etag).header("Vary", "Accept-Encoding").header("Cache-Control", "no-cache");
  if (request.headers["if-none-match"] === entry.etag) return reply.status(304).send();
  const accepted = String(request.headers["accept-encoding"] ?? "");
  reply.type(entry.contentType);
  if (/\bbr\b/.test(accepted)) return reply.header("Content-Encoding", "br").send(entry.br);
  if (/\bgzip\b/.test(accepted)) return reply.header("Content-Encoding", "gzip").send(entry.gzip);
  return reply.send(entry.identity);
}

export async function registerCatalogueCache(app: FastifyInstance): Promise<CatalogueCache> {
  const cache = new CatalogueCache();
  app.decorate("catalogueCache", cache);
  // This server clears itself before a write answers; the echo of its own broadcast, arriving
  // later, would clear what was kept since, unchanged (a feed or page built again for nothing).
  const self = randomUUID();
  const unsubscribe = await app.database.subscribe?.(CHANNEL, (from) => from !== self && cache.invalidate());
  if (unsubscribe) app.addHook("onClose", async () => unsubscribe());

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const path = request.url.split("?", 1)[0];
    if (!CACHEABLE.test(path) || STAFF_COOKIE.test(request.headers.cookie ?? "")) return;
    cache.expireBy(app.clock.now().getTime());
    const key = cacheKey(request.url);
    const entry = await cache.current(key);
    if (entry) return sendEntry(request, reply, entry);
    request.cacheFill = { key, generation: cache.generation };
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const fill = request.cacheFill;
    if (!fill || reply.statusCode !== 200 || (typeof payload !== "string" && !Buffer.isBuffer(payload))) return payload;
    request.cacheFill = undefined;
    const identity = Buffer.from(payload);
    const entry: Entry = {
      fresh: cache.freshPart?.remember(identity.toString("utf8")) ?? null,
      etag: `"${createHash("sha1").update(identity).digest("base64url").slice(0, 20)}"`,
      contentType: String(reply.getHeader("content-type") ?? "application/json; charset=utf-8"),
      identity,
      gzip: await gzip(identity, { level: 9 }),
      br: await brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
      storedAt: Date.now(),
    };
    // A write that landed while this response was computed makes it stale: serve it, don't keep it.
    if (fill.generation === cache.generation) cache.set(fill.key, entry);
    reply.header("ETag", entry.etag).header("Vary", "Accept-Encoding").header("Cache-Control", "no-cache");
    if (request.headers["if-none-match"] === entry.etag) {
      reply.status(304);
      return "";
    }
    const accepted = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) {
      reply.header("Content-Encoding", "br");
      return entry.br;
    }
    if (/\bgzip\b/.test(accepted)) {
      reply.header("Content-Encoding", "gzip");
      return entry.gzip;
    }
    return identity;
  });

  // Before the write's response leaves (its transaction has committed), so the writer's next read is fresh.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "GET" || request.method === "HEAD" || reply.statusCode >= 400) return payload;
    if (!INVALIDATING.test(request.url.split("?", 1)[0])) return payload;
    cache.invalidate();
    await app.database
      .notify?.(CHANNEL, self)
      .catch((err) => request.log.warn({ err }, "catalogue change not broadcast"));
    return payload;
  });

  return cache;
}
