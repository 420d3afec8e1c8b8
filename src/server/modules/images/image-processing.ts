import { createHash } from "node:crypto";
import sharp from "sharp";
import { IMAGE_VARIANTS, MAX_IMAGE_BYTES } from "@shared/constants.js";
import { MESSAGES } from "@shared/errors.js";
import { AppError } from "../../lib/app-error.js";

const ACCEPTED = new Set(["jpeg", "png", "webp"]);
/**
 * The most pixels an upload may decode to (a 40-megapixel photo): a small file that declares
 * a huge canvas (a decompression bomb) is refused from its header, before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** JPEG, PNG or WebP by their first bytes, so no other format's decoder ever sees the upload. */
function looksAccepted(input: Buffer): boolean {
  if (input.length < 12) return false;
  const jpeg = input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff;
  const png = input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const webp = input.toString("latin1", 0, 4) === "RIFF" && input.toString("latin1", 8, 12) === "WEBP";
  return jpeg || png || webp;
}

export interface ProcessedImage {
  sha256: string;
  filename: string;
  mimeType: string;
  width: number;
  height: number;
  edgeColor: string;
  bytes: Buffer;
  renditions: { variant: string; mimeType: string; width: number; height: number; bytes: Buffer }[];
}

/**
 * Checks an upload by decoding it (never by its name or declared type), then stores it as WebP
 * no larger than maxPx on its long side, with its smaller renditions and its edge colour.
 */
export async function processImage(
  input: Buffer,
  filename: string,
  maxPx: number,
  quality = 80,
): Promise<ProcessedImage> {
  const invalid = () => new AppError("VALIDATION", MESSAGES.invalidImage(filename));
  if (input.length === 0 || input.length > MAX_IMAGE_BYTES || !looksAccepted(input)) throw invalid();
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw invalid();
  } catch {
    throw invalid();
  }
  if (!format || !ACCEPTED.has(format)) throw invalid();

  try {
    const base = sharp(input, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const { data: bytes, info } = await base
      .clone()
      .resize({ width: maxPx, height: maxPx, fit: "inside", withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    const renditions = await Promise.all(
      Object.entries(IMAGE_VARIANTS).map(async ([variant, width]) => {
        const r = await sharp(bytes)
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 72 })
          .toBuffer({ resolveWithObject: true });
        return { variant, mimeType: "image/webp", width: r.info.width, height: r.info.height, bytes: r.data };
      }),
    );
    return {
      sha256: createHash("sha256").update(bytes).digest("hex"),
      filename: filename.replace(/\.[^.]*$/, "") + ".webp",
      mimeType: "image/webp",
      width: info.width,
      height: info.height,
      edgeColor: await edgeColor(bytes),
      bytes,
      renditions,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw invalid();
  }
}

/** The average colour of the image's outer ring of pixels (the spec's card background). */
export async function edgeColor(bytes: Buffer): Promise<string> {
  const size = 16;
  const { data } = await sharp(bytes)
    .resize(size, size, { fit: "fill" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let r = 0,
    g = 0,
    b = 0,
    n = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (x !== 0 && y !== 0 && x !== size - 1 && y !== size - 1) continue;
      const i = (y * size + x) * 3;
      r += data[i];
      g += data[i + 1];
      b += data[i + 2];
      n++;
    }
  }
  const hex = (v: number) =>
    Math.round(v / n)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}
