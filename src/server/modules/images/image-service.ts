import { and, eq, inArray } from "drizzle-orm";
import type { ImageRef } from "@shared/schemas/common.js";
import type { Db } from "../../db/client.js";
import { imageRenditions, images } from "../../db/schema.js";
import { processImage } from "./image-processing.js";

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

/**
 * Validates and processes every upload first (so one bad file stores nothing), then stores each
 * image once: the same bytes uploaded twice give the same image.
 */
export async function storeImages(db: Db, uploads: Upload[], maxPx: number): Promise<ImageRef[]> {
  const processed = [];
  for (const u of uploads) processed.push(await processImage(u.bytes, u.filename, maxPx));
  const refs: ImageRef[] = [];
  for (const p of processed) {
    const [inserted] = await db
      .insert(images)
      .values({
        sha256: p.sha256,
        filename: p.filename,
        mimeType: p.mimeType,
        width: p.width,
        height: p.height,
        edgeColor: p.edgeColor,
        bytes: p.bytes,
      })
      .onConflictDoNothing({ target: images.sha256 })
      .returning({ id: images.id });
    if (inserted) {
      await db.insert(imageRenditions).values(p.renditions.map((r) => ({ ...r, imageId: inserted.id })));
    }
    const [row] = await db.select(refColumns).from(images).where(eq(images.sha256, p.sha256));
    refs.push(toImageRef(row));
  }
  return refs;
}

const refColumns = {
  id: images.id,
  filename: images.filename,
  mimeType: images.mimeType,
  width: images.width,
  height: images.height,
  edgeColor: images.edgeColor,
};

/** Image refs for ids, in the order given; unknown ids are dropped. */
export async function findImageRefs(db: Db, ids: string[]): Promise<Map<string, ImageRef>> {
  const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (valid.length === 0) return new Map();
  const rows = await db.select(refColumns).from(images).where(inArray(images.id, valid));
  return new Map(rows.map((r) => [r.id, toImageRef(r)]));
}

export async function readImageBytes(
  db: Db,
  id: string,
  variant?: string,
): Promise<{ mimeType: string; bytes: Buffer } | null> {
  if (variant) {
    const [row] = await db
      .select({ mimeType: imageRenditions.mimeType, bytes: imageRenditions.bytes })
      .from(imageRenditions)
      .where(and(eq(imageRenditions.imageId, id), eq(imageRenditions.variant, variant)));
    return row ?? null;
  }
  const [row] = await db
    .select({ mimeType: images.mimeType, bytes: images.bytes })
    .from(images)
    .where(eq(images.id, id));
  return row ?? null;
}
