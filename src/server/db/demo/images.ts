import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { IMAGE_VARIANTS } from "@shared/constants.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { toImageRef } from "../../modules/images/index.js";
import type { Db } from "../client.js";
import { imageRenditions, images } from "../schema.js";
import { detailSvg, productSvg } from "./artwork.js";
import type { DemoProduct } from "./catalog.js";

export interface DemoImages {
  images: ImageRef[];
  byColor: Record<string, ImageRef>;
}

/** Runs tasks a few at a time: sharp uses the thread pool, and the machine may have 2 cores. */
async function inPool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
  return results;
}

/** Average colour of the outer ring of pixels, as image-processing computes it for uploads. */
function borderColor(data: Buffer, width: number, height: number): string {
  let r = 0,
    g = 0,
    b = 0,
    n = 0;
  const add = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    r += data[i];
    g += data[i + 1];
    b += data[i + 2];
    n++;
  };
  for (let x = 0; x < width; x++) {
    add(x, 0);
    add(x, height - 1);
  }
  for (let y = 1; y < height - 1; y++) {
    add(0, y);
    add(width - 1, y);
  }
  const hex = (v: number) =>
    Math.round(v / n)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

interface Drawing {
  sha256: string;
  width: number;
  height: number;
  edgeColor: string;
  bytes: Buffer;
  renditions: { variant: string; mimeType: string; width: number; height: number; bytes: Buffer }[];
}

/** Drawings are the same on every seed: a process that seeds several stores (e2e) draws once. */
const drawings = new Map<string, Promise<Drawing>>();

async function draw(svg: string): Promise<Drawing> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: 3 as const } };
  const bytes = await sharp(data, raw).webp({ quality: 80, effort: 2 }).toBuffer();
  const renditions = await Promise.all(
    Object.entries(IMAGE_VARIANTS).map(async ([variant, width]) => {
      if (width >= info.width)
        return { variant, mimeType: "image/webp", width: info.width, height: info.height, bytes };
      const r = await sharp(data, raw)
        .resize({ width })
        .webp({ quality: 72, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      return { variant, mimeType: "image/webp", width: r.info.width, height: r.info.height, bytes: r.data };
    }),
  );
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return {
    sha256,
    width: info.width,
    height: info.height,
    edgeColor: borderColor(data, info.width, info.height),
    bytes,
    renditions,
  };
}

/**
 * Stores drawings in the images tables in the shape storeImages gives uploads (WebP, renditions,
 * edge colour, one row per content hash), a batch at a time. It does not go through storeImages:
 * decoding and re-encoding our own fresh drawings three more times made seeding three times
 * slower, and every first start and e2e run pays for it. Our own drawings need no content check.
 */
async function storeDrawings(db: Db, items: { svg: string; filename: string }[]): Promise<ImageRef[]> {
  const drawn = await inPool(
    items.map(({ svg }) => () => {
      if (!drawings.has(svg)) drawings.set(svg, draw(svg));
      return drawings.get(svg)!;
    }),
    2,
  );
  const unique = new Map<string, { d: Drawing; filename: string }>();
  drawn.forEach((d, i) => unique.has(d.sha256) || unique.set(d.sha256, { d, filename: items[i].filename }));
  const batch = [...unique.values()];
  for (let i = 0; i < batch.length; i += 20) {
    const rows = batch.slice(i, i + 20).map(({ d, filename }) => ({
      sha256: d.sha256,
      filename,
      mimeType: "image/webp",
      width: d.width,
      height: d.height,
      edgeColor: d.edgeColor,
      bytes: d.bytes,
    }));
    const inserted = await db
      .insert(images)
      .values(rows)
      .onConflictDoNothing({ target: images.sha256 })
      .returning({ id: images.id, sha256: images.sha256 });
    const renditions = inserted.flatMap((r) =>
      unique.get(r.sha256)!.d.renditions.map((v) => ({ ...v, imageId: r.id })),
    );
    if (renditions.length > 0) await db.insert(imageRenditions).values(renditions);
  }
  const stored = await db
    .select({
      id: images.id,
      sha256: images.sha256,
      filename: images.filename,
      mimeType: images.mimeType,
      width: images.width,
      height: images.height,
      edgeColor: images.edgeColor,
    })
    .from(images)
    .where(inArray(images.sha256, [...unique.keys()]));
  const refs = new Map(stored.map((row) => [row.sha256, toImageRef(row)]));
  return drawn.map((d) => refs.get(d.sha256)!);
}

const fileSlug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Draws and stores every demo picture: one per colour (the first is also the main image), and a fabric close-up for some. */
export async function makeDemoImages(db: Db, products: DemoProduct[]): Promise<DemoImages[]> {
  const items = products.flatMap((p) => [
    ...p.colors.map((c) => ({
      svg: productSvg(p.name, c, p.motif),
      filename: `${fileSlug(p.name)}-${fileSlug(c)}.webp`,
    })),
    ...(p.detail ? [{ svg: detailSvg(p.name, p.colors[0]), filename: `${fileSlug(p.name)}-detail.webp` }] : []),
  ]);
  const refs = await storeDrawings(db, items);
  let next = 0;
  return products.map((p) => {
    const colorRefs = p.colors.map(() => refs[next++]);
    const detail = p.detail ? refs[next++] : null;
    const byColor = Object.fromEntries(p.colors.map((c, k) => [c, colorRefs[k]]));
    return { images: [colorRefs[0], ...(detail ? [detail] : [])], byColor };
  });
}
