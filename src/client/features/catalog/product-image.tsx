import { useEffect, useRef, useState, type CSSProperties } from "react";
import { IMAGE_SIZES, imageSrcSet, imageVariantUrl } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { IMAGE_VARIANTS } from "@shared/constants.js";
import { cn } from "@client/lib/cn";
import { useHydrating } from "@client/lib/use-hydrating";

export const FALLBACK_BACKGROUND = "#f9fafb";

/** Intrinsic size of a rendition, from the original's aspect ratio (no layout shift). */
export function renditionSize(image: Pick<ImageRef, "width" | "height">, width: number) {
  const w = Math.min(width, image.width || width);
  const ratio = image.width > 0 && image.height > 0 ? image.height / image.width : 4 / 3;
  return { width: w, height: Math.round(w * ratio) };
}

/**
 * Whether the browser already holds this picture (the server's first frame painted it): then it
 * shows at once, without the placeholder and fade that would flash over the painted picture.
 */
function alreadyLoaded(src: string, srcSet: string | undefined, sizes: string | undefined): boolean {
  if (typeof Image === "undefined") return false;
  const probe = new Image();
  if (sizes) probe.sizes = sizes;
  if (srcSet) probe.srcset = srcSet;
  probe.src = src;
  return probe.complete && probe.naturalWidth > 0;
}

/**
 * A product picture on its own edge colour, with the spec's 'Loading...' and 'Image unavailable'
 * placeholders. Cards and the product page's picture offer the 480 px WebP rendition and the
 * full image (srcset), so a phone downloads the smaller one where it is enough.
 */
export function ProductImage({
  image,
  alt,
  variant = "card",
  sizes = IMAGE_SIZES.card,
  priority = false,
  className,
  imgClassName,
  imgStyle,
}: {
  image: ImageRef | undefined;
  alt: string;
  variant?: "thumb" | "card" | "full";
  sizes?: string;
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  imgStyle?: CSSProperties;
}) {
  const src = image ? imageVariantUrl(image, variant) : "";
  const srcSet = image && variant !== "thumb" ? imageSrcSet(image) : undefined;
  const imgSizes = srcSet ? sizes : undefined;
  // A picture in the server's HTML is shown as it arrives (a link preview, a slow phone and the
  // first paint see it at once) and hydrates as it is; one mounted later fades in once loaded.
  const hydrating = useHydrating();
  const [state, setState] = useState<"loading" | "loaded" | "error">(() =>
    !image ? "error" : hydrating || (priority && alreadyLoaded(src, srcSet, imgSizes)) ? "loaded" : "loading",
  );
  const ref = useRef<HTMLImageElement>(null);
  const shown = useRef(image);

  useEffect(() => {
    if (shown.current !== image) {
      shown.current = image;
      setState(image ? "loading" : "error");
    }
    // A cached image may have finished before React attached onLoad.
    if (image && ref.current?.complete && ref.current.naturalWidth > 0) setState("loaded");
  }, [image]);

  const size = image
    ? renditionSize(image, variant === "thumb" ? IMAGE_VARIANTS.thumb : variant === "card" ? IMAGE_VARIANTS.card : 800)
    : null;
  return (
    <div
      className={cn("relative overflow-hidden", className)}
      style={{ backgroundColor: image?.edgeColor || FALLBACK_BACKGROUND }}
    >
      {image && state !== "error" && (
        <img
          ref={ref}
          src={src}
          srcSet={srcSet}
          sizes={imgSizes}
          width={size!.width}
          height={size!.height}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          // The page's largest picture is decoded with the frame that paints it: "async" let the
          // text around it paint first and the picture a frame (on a slow phone, ~100 ms) later.
          decoding={priority ? "sync" : "async"}
          onLoad={() => setState("loaded")}
          onError={() => setState("error")}
          style={imgStyle}
          className={cn(
            "h-full w-full object-contain transition-opacity duration-500",
            state === "loaded" ? "opacity-100" : "opacity-0",
            imgClassName,
          )}
        />
      )}
      {state !== "loaded" && (
        <span className="absolute inset-0 grid place-items-center">
          <span className="rounded-full bg-white/85 px-2.5 py-1 text-xs tracking-wide text-ink">
            {state === "loading" ? "Loading..." : "Image unavailable"}
          </span>
        </span>
      )}
    </div>
  );
}
