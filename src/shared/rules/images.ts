import type { ImageRef } from "../schemas/common.js";

/** URL of a smaller rendition (WebP) of a stored image; 'full' is the image itself. */
export function imageVariantUrl(image: Pick<ImageRef, "url">, variant: "thumb" | "card" | "full"): string {
  return variant === "full" ? image.url : `${image.url}/${variant}`;
}

/** Reads the spec's JSON-encoded selectedImage string; null when absent or unreadable. */
export function parseSelectedImage(value: string | null | undefined): ImageRef | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value);
    return parsed && typeof parsed.url === "string" ? (parsed as ImageRef) : null;
  } catch {
    return null;
  }
}
