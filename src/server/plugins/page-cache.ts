/**
 * Rendered pages in two tiers, so pages asked for once (a crawler's long tail, a made-up path,
 * a random Host without PUBLIC_URL) never push out the pages shoppers keep asking for: a page
 * rendered for the first time waits in `once`; asked for again, it moves to `kept`. Each tier
 * drops its least recently asked-for page when full.
 */
export class PageCache<Page> {
  private readonly kept = new Map<string, Page>();
  private readonly once = new Map<string, Page>();

  constructor(
    private readonly keptSize: number,
    private readonly onceSize: number,
  ) {}

  /** The page under `key`, and whether it is a kept one (asked for before). */
  get(key: string): { page: Page; kept: boolean } | undefined {
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      touch(this.kept, key, kept);
      return { page: kept, kept: true };
    }
    const once = this.once.get(key);
    return once === undefined ? undefined : { page: once, kept: false };
  }

  /** A page asked for more than once (or a kept page rendered again for new data). */
  keep(key: string, page: Page): void {
    this.once.delete(key);
    add(this.kept, key, page, this.keptSize);
  }

  /** A page rendered for the first time (or again for new data before anyone asked twice). */
  holdOnce(key: string, page: Page): void {
    add(this.once, key, page, this.onceSize);
  }
}

function touch<Page>(map: Map<string, Page>, key: string, page: Page): void {
  map.delete(key);
  map.set(key, page);
}

function add<Page>(map: Map<string, Page>, key: string, page: Page, size: number): void {
  map.delete(key);
  if (map.size >= size) map.delete(map.keys().next().value!);
  map.set(key, page);
}
