import { inArray } from "drizzle-orm";
import { ADMIN_IMAGE_MAX_PX } from "@shared/constants.js";
import type { Db } from "../../db/client.js";
import { images, productImportPictures } from "../../db/schema.js";
import { processUploads, saveImages } from "../images/index.js";
import { fetchPicture, type PictureFetchOptions } from "./fetch-picture.js";

/** Pictures fetched at once: enough to hide a CDN's latency, few enough to spare the shop's CPU. */
const PARALLEL_FETCHES = 4;

export interface PictureFailureReport {
  url: string;
  message: string;
}

export interface PicturesFetched {
  /** Each address given, with the store's image it is (addresses that failed are absent). */
  imageIds: Map<string, string>;
  fetched: number;
  failed: PictureFailureReport[];
}

/** The store's own picture addresses (an export of this store, or of another on this software): /api/images/{id}. */
const OWN_IMAGE = /\/api\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/**
 * The images that picture addresses already are, fetching nothing: the store's own pictures, and
 * addresses fetched by an earlier import. What is left is what an import would fetch.
 */
export async function knownPictures(db: Db, urls: string[]): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  const own = new Map<string, string>();
  for (const url of urls) {
    const id = OWN_IMAGE.exec(url)?.[1]?.toLowerCase();
    if (id) own.set(url, id);
  }
  if (own.size) {
    const rows = await db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, [...new Set(own.values())]));
    const stored = new Set(rows.map((r) => r.id));
    for (const [url, id] of own) if (stored.has(id)) known.set(url, id);
  }
  const rest = urls.filter((u) => !known.has(u));
  for (let i = 0; i < rest.length; i += 1_000) {
    const rows = await db
      .select({ url: productImportPictures.url, imageId: productImportPictures.imageId })
      .from(productImportPictures)
      .where(inArray(productImportPictures.url, rest.slice(i, i + 1_000)));
    for (const r of rows) known.set(r.url, r.imageId);
  }
  return known;
}

/**
 * Each address once: fetched within the guard of fetch-picture.ts, checked and resized as an
 * admin upload is, stored once (the same bytes are the same image) and remembered with its
 * address. A picture that fails is reported with why, and the import goes on without it.
 */
export async function fetchPictures(
  db: Db,
  urls: string[],
  options: PictureFetchOptions,
  onEach: () => void = () => {},
): Promise<PicturesFetched> {
  const unique = [...new Set(urls)];
  const imageIds = await knownPictures(db, unique);
  const queue = unique.filter((u) => !imageIds.has(u));
  const failed: PictureFailureReport[] = [];
  let fetched = 0;
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      try {
        const bytes = await fetchPicture(url, options);
        const name = decodeURIComponent(new URL(url).pathname.split("/").pop() || "picture").slice(0, 100);
        const [ref] = await saveImages(db, await processUploads([{ filename: name, bytes }], ADMIN_IMAGE_MAX_PX));
        await db.insert(productImportPictures).values({ url, imageId: ref.id }).onConflictDoNothing();
        imageIds.set(url, ref.id);
        fetched += 1;
      } catch (err) {
        failed.push({ url, message: `The picture ${url.slice(0, 200)} was not fetched: ${(err as Error).message}` });
      }
      onEach();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
  failed.sort((a, b) => unique.indexOf(a.url) - unique.indexOf(b.url));
  return { imageIds, fetched, failed };
}
