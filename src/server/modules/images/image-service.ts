import { and, eq, inArray, sql } from "drizzle-orm";
import type { ImageRef } from "@shared/schemas/common.js";
import type { Db } from "../../db/client.js";
import { imageRenditions, images } from "../../db/schema.js";
import { processImage, type ProcessedImage } from "./image-processing.js";

export interface Upload {
  filename: string;
  bytes: Buffer;
}

export const toImageRef = (row: {
  id: string;
  filename: string;
  mimeType: string;
  width: number;
  height: number;
  edgeColor: string;
}): ImageRef => ({
  id: row.id,
  url: `/api/images/${row.id}`,
  filename: row.filename,
  mimeType: row.mimeType,
  width: row.width,
  height: row.height,
  edgeColor: row.edgeColor,
});

/** Decodes, checks and converts uploads (CPU work, no database): do it before any transaction. */
export async function processUploads(uploads: Upload[], maxPx: number): Promise<ProcessedImage[]> {
  const processed = [];
  for (const u of uploads) processed.push(await processImage(u.bytes, u.filename, maxPx));
  return processed;
}

/**
 * Stores processed images, each once: the same bytes uploaded twice give the same image. A
 * private image (a return photo) is served to staff only. Bytes that were private become public
 * when the shop uploads them publicly too; public bytes stay public when they come back privately,
 * since they are out already.
 */
export async function saveImages(
  db: Db,
  processed: ProcessedImage[],
  visibility: { private: boolean } = { private: false },
): Promise<ImageRef[]> {
  const refs: ImageRef[] = [];
  for (const p of processed) {
    const insert = db.insert(images).values({
      sha256: p.sha256,
      filename: p.filename,
      mimeType: p.mimeType,
      width: p.width,
      height: p.height,
      edgeColor: p.edgeColor,
      bytes: p.bytes,
      private: visibility.private,
    });
    const [inserted] = await (
      visibility.private
        ? insert.onConflictDoNothing({ target: images.sha256 })
        : insert.onConflictDoUpdate({ target: images.sha256, set: { private: false }, where: eq(images.private, true) })
    ).returning({ id: images.id, renditions: sql<boolean>`xmax <> 0` });
    // xmax is set on a row updated by the conflict clause: it had its renditions already.
    if (inserted && !inserted.renditions) {
      await db.insert(imageRenditions).values(p.renditions.map((r) => ({ ...r, imageId: inserted.id })));
    }
    const [row] = await db.select(refColumns).from(images).where(eq(images.sha256, p.sha256));
    refs.push(toImageRef(row));
  }
  return refs;
}

/** Validates and processes every upload first (so one bad file stores nothing), then stores them. */
export async function storeImages(db: Db, uploads: Upload[], maxPx: number): Promise<ImageRef[]> {
  return saveImages(db, await processUploads(uploads, maxPx));
}

const refColumns = {
  id: images.id,
  filename: images.filename,
  mimeType: images.mimeType,
  width: images.width,
  height: images.height,
  edgeColor: images.edgeColor,
};

/**
 * Refs already read, per database. An image row never changes once stored (the same bytes give
 * the same row, and images are never edited or deleted), so a ref read once is right for good;
 * placing an order or adding to the cart then needs no query for its image.
 */
const knownRefs = new WeakMap<Db, Map<string, ImageRef>>();
const MAX_KNOWN_REFS = 10_000;

function remember(db: Db, refs: ImageRef[]): void {
  let known = knownRefs.get(db);
  if (!known) knownRefs.set(db, (known = new Map()));
  for (const ref of refs) {
    if (known.size >= MAX_KNOWN_REFS) known.delete(known.keys().next().value!);
    known.set(ref.id, ref);
  }
}

/** Image refs for ids, in the order given; unknown ids are dropped. */
export async function findImageRefs(db: Db, ids: string[]): Promise<Map<string, ImageRef>> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const known = knownRefs.get(db);
  const missing = [...new Set(valid.filter((id) => !known?.has(id)))];
  if (missing.length > 0) {
    const rows = await db.select(refColumns).from(images).where(inArray(images.id, missing));
    remember(db, rows.map(toImageRef));
  }
  const found = knownRefs.get(db);
  const refs = new Map<string, ImageRef>();
  for (const id of valid) {
    const ref = found?.get(id);
    if (ref) refs.set(id, ref);
  }
  return refs;
}

export interface StoredImage {
  mimeType: string;
  bytes: Buffer;
  /** Served to staff only (a return photo). */
  private: boolean;
}

export async function readImageBytes(db: Db, id: string, variant?: string): Promise<StoredImage | null> {
  if (variant) {
    const [row] = await db
      .select({ mimeType: imageRenditions.mimeType, bytes: imageRenditions.bytes, private: images.private })
      .from(imageRenditions)
      .innerJoin(images, eq(images.id, imageRenditions.imageId))
      .where(and(eq(imageRenditions.imageId, id), eq(imageRenditions.variant, variant)));
    return row ?? null;
  }
  const [row] = await db
    .select({ mimeType: images.mimeType, bytes: images.bytes, private: images.private })
    .from(images)
    .where(eq(images.id, id));
  return row ?? null;
}
