import { IMAGE_VARIANTS } from "../constants.js";
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

/** Width of a stored image whose width is unknown (admin images are at most 800 px wide). */
const FULL_WIDTH = 800;

/**
 * The srcset of a picture: its card-sized WebP rendition and the stored image, by width. An image
 * no wider than a card has one rendition of its own width (renditions are never enlarged).
 */
export function imageSrcSet(image: Pick<ImageRef, "url" | "width">): string {
  if (image.width > 0 && image.width <= IMAGE_VARIANTS.card) return `${imageVariantUrl(image, "card")} ${image.width}w`;
  return `${imageVariantUrl(image, "card")} ${IMAGE_VARIANTS.card}w, ${image.url} ${image.width || FULL_WIDTH}w`;
}

/**
 * `sizes` of the pictures that can be a page's largest: the server preloads them with the same
 * srcset and sizes as the page's <img>, so the browser picks (and downloads) the same file once.
 */
export const IMAGE_SIZES = {
  /** The home hero's slide: the column's width, at most 260 px (280 px from 640 px wide). */
  hero: "(min-width: 640px) 280px, min(calc(100vw - 40px), 260px)",
  /** A product page's main picture: the page's width less its padding, half of it from 1024 px. */
  gallery: "(min-width: 1280px) 588px, (min-width: 1024px) calc(50vw - 52px), calc(100vw - 40px)",
  /** A product card in the shop's grid (one column on a phone). */
  card: "(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw",
} as const;

/**
 * A page's largest picture, preloaded with the page, and the sizes it is shown at. `beside`: the
 * pictures in its row on wider screens (a grid's first row), preloaded only where their media
 * query matches: on a phone they are below the fold, and would share its line (decision 054).
 */
export interface LargestPicture {
  image: ImageRef;
  sizes: string;
  beside?: { image: ImageRef; media: string }[];
}
