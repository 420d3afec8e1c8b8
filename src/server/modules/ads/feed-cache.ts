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

/**
 * One build of the feed, gzipped (at 100,000 products the plain document is hundreds of MB;
 * gzipped, a tenth), and kept once done. Readers follow it as it is written: the first bytes
 * leave at once, so no reader's connection sits idle through a build of minutes.
 */
class FeedBuild {
  private readonly chunks: Buffer[] = [];
  private finished = false;
  private failure: unknown = null;
  /** When the build ended (the jobs' clock): it is kept a minute from then. */
  finishedAt = Infinity;
  private wake: (() => void)[] = [];
  readonly done: Promise<void>;

  constructor(
    readonly origin: string,
    readonly generation: number,
    readonly etag: string,
    readonly startedAt: number,
    plain: Readable,
    now: () => number,
  ) {
    this.done = pipeline(plain, zlib.createGzip(), async (gzipped: AsyncIterable<Buffer>) => {
      for await (const chunk of gzipped) this.add(chunk);
    }).then(
      () => {
        this.finishedAt = now();
        this.end(null);
      },
      (err: unknown) => this.end(err ?? new Error("the feed could not be built")),
    );
  }

  get running(): boolean {
    return !this.finished;
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  private add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.wakeReaders();
  }

  private end(failure: unknown): void {
    this.finished = true;
    this.failure = failure;
    this.wakeReaders();
  }

  private wakeReaders(): void {
    const waiting = this.wake;
    this.wake = [];
    for (const resume of waiting) resume();
  }

  /** The gzipped bytes from the first, as far as they are written and then as they come. */
  async *gzip(): AsyncGenerator<Buffer> {
    for (let next = 0; ;) {
      while (next < this.chunks.length) yield this.chunks[next++];
      if (this.failure !== null) throw this.failure;
      if (this.finished) return;
      await new Promise<void>((resume) => this.wake.push(resume));
    }
  }
}

export type Feed = Pick<FeedBuild, "etag" | "gzip">;

/**
 * The product feed, built once per catalogue change and minute and kept gzipped (decision 037):
 * one document, for the one origin the store has (PUBLIC_URL). It is thrown away when the
 * catalogue cache's generation moves (a product, category, setting or discount written here, or
 * on another app server through its LISTEN/NOTIFY; a variant selling out; a sale starting or
 * ending) and a minute after it was built in any case. Requests that miss while it is built
 * follow that one build instead of starting their own, also when a change lands in its first
 * minute (they get the catalogue as it was when it started, as a kept feed would).
 */
export class FeedCache {
  private latest: FeedBuild | null = null;
  private starting: Promise<FeedBuild> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly catalogue: CatalogueGeneration,
    private readonly siteName: () => Promise<string>,
  ) {}

  /** The build a request for `origin` may be given now, if there is one. */
  private usable(origin: string): FeedBuild | null {
    const now = this.clock.now().getTime();
    this.catalogue.expireBy(now);
    const build = this.latest;
    if (!build || build.origin !== origin || build.failed) return null;
    if (build.generation === this.catalogue.generation) return now - build.finishedAt < FEED_KEPT_MS ? build : null;
    return build.running && now - build.startedAt < FEED_KEPT_MS ? build : null;
  }

  /** The feed's ETag without building it (a catalogue checking whether anything changed). */
  async etag(origin: string): Promise<string> {
    return this.usable(origin)?.etag ?? feedEtag(this.db, origin, await this.siteName());
  }

  /** The kept feed, the one being built, or one built now. */
  async feed(origin: string): Promise<Feed> {
    for (;;) {
      const usable = this.usable(origin);
      if (usable) return usable;
      // Requests that miss together start one build between them.
      if (this.starting) {
        await this.starting.catch(() => undefined);
        continue;
      }
      this.starting = this.start(origin).finally(() => (this.starting = null));
      return this.starting;
    }
  }

  private async start(origin: string): Promise<FeedBuild> {
    const generation = this.catalogue.generation;
    const brand = await this.siteName();
    const etag = await feedEtag(this.db, origin, brand);
    const plain = productFeed(this.db, origin, brand);
    const now = () => this.clock.now().getTime();
    const build = new FeedBuild(origin, generation, etag, now(), plain, now);
    this.latest = build;
    return build;
  }
}

/** The feed as a client takes it: gzipped when it accepts that, else unzipped as it is sent. */
export function feedBody(feed: Feed, acceptEncoding: string | undefined): { gzip: boolean; body: Readable } {
  const gzipped = Readable.from(feed.gzip(), { objectMode: false });
  if (/\bgzip\b/.test(acceptEncoding ?? "")) return { gzip: true, body: gzipped };
  return { gzip: false, body: gzipped.pipe(zlib.createGunzip()) };
}
