import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../jobs/clock.js";
import { feedEtag, productFeed } from "./product-feed.js";

/** What the feed needs of the catalogue cache (plugins/catalogue-cache.ts): its generation moves at every change. */
export interface CatalogueGeneration {
  readonly generation: number;
  /** Moves the generation when a sale has started or ended since (modules/pricing tells it when). */
  expireBy(now: number): void;
}

/** How long a built feed is served at most: the contract's "cached for at most a minute". */
export const FEED_KEPT_MS = 60_000;

/** The feed as kept: gzipped (at 100,000 products the plain document is hundreds of MB; gzipped, a tenth). */
export interface BuiltFeed {
  origin: string;
  etag: string;
  gzip: Buffer;
  generation: number;
  builtAt: number;
}

/**
 * The product feed, built once per catalogue change and minute and kept gzipped: one document,
 * for the one origin the store has (PUBLIC_URL). It is thrown away when the catalogue cache's
 * generation moves (a product, category, setting or discount written here, or on another app
 * server through its LISTEN/NOTIFY; a variant selling out; a sale starting or ending) and a
 * minute after it was built in any case. Requests that miss while it is built wait for that one
 * build instead of starting their own.
 */
export class FeedCache {
  private kept: BuiltFeed | null = null;
  private building: { origin: string; generation: number; done: Promise<BuiltFeed> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalogue: CatalogueGeneration,
    private readonly siteName: () => Promise<string>,
  ) {}

  /** The feed for `origin` if one built for the catalogue as it is now, less than a minute ago, is kept. */
  fresh(origin: string): BuiltFeed | null {
    const now = this.clock.now().getTime();
    this.catalogue.expireBy(now);
    const kept = this.kept;
    if (!kept || kept.origin !== origin || kept.generation !== this.catalogue.generation) return null;
    return now - kept.builtAt < FEED_KEPT_MS ? kept : null;
  }

  /** The feed's ETag without building it (a catalogue checking whether anything changed). */
  async etag(origin: string): Promise<string> {
    return this.fresh(origin)?.etag ?? feedEtag(this.db, origin, await this.siteName());
  }

  /** The kept feed, or one built now (shared with every request that asks meanwhile). */
  async feed(origin: string): Promise<BuiltFeed> {
    const kept = this.fresh(origin);
    if (kept) return kept;
    const generation = this.catalogue.generation;
    const under = this.building;
    if (under && under.origin === origin && under.generation === generation) return under.done;
    const done = this.build(origin, generation).finally(() => {
      if (this.building?.done === done) this.building = null;
    });
    this.building = { origin, generation, done };
    return done;
  }

  private async build(origin: string, generation: number): Promise<BuiltFeed> {
    const brand = await this.siteName();
    const etag = await feedEtag(this.db, origin, brand);
    const builtAt = this.clock.now().getTime();
    const chunks: Buffer[] = [];
    await pipeline(productFeed(this.db, origin, brand), zlib.createGzip(), async (gzipped: AsyncIterable<Buffer>) => {
      for await (const chunk of gzipped) chunks.push(chunk);
    });
    const built: BuiltFeed = { origin, etag, gzip: Buffer.concat(chunks), generation, builtAt };
    // A change that landed while it was built makes it stale: serve it to those who waited, don't keep it.
    if (generation === this.catalogue.generation) this.kept = built;
    return built;
  }
}

/** The kept bytes as a client takes them: gzipped when it accepts that, else unzipped as they are sent. */
export function feedBody(
  feed: BuiltFeed,
  acceptEncoding: string | undefined,
): { gzip: boolean; body: Buffer | Readable } {
  if (/\bgzip\b/.test(acceptEncoding ?? "")) return { gzip: true, body: feed.gzip };
  return { gzip: false, body: Readable.from([feed.gzip]).pipe(zlib.createGunzip()) };
}
