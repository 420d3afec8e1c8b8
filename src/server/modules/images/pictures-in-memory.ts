import { LRUCache } from "lru-cache";
import type { StoredImage } from "./image-service.js";

/** Bytes of public pictures kept by one server: the storefront's cards and product pictures many times over. */
const KEPT_BYTES = 32 * 1024 * 1024;

/**
 * Public pictures served from memory once read (decision 003: a stored image never changes, a new
 * upload is a new id, and none is deleted), so a first visit's dozen pictures, its largest among
 * them, do not queue behind each other for the database (PGlite answers one query at a time). A
 * private one (a return photo) is never kept: each read is checked against the staff session.
 */
export class PicturesInMemory {
  private readonly kept = new LRUCache<string, StoredImage>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (image) => Math.max(1, image.bytes.length),
  });

  async read(id: string, variant: string | undefined, load: () => Promise<StoredImage | null>) {
    const key = `${id}/${variant ?? ""}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    const image = await load();
    if (image && !image.private) this.kept.set(key, image);
    return image;
  }

  get size(): number {
    return this.kept.size;
  }
}
