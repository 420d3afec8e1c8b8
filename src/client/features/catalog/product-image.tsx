import { useEffect, useRef, useState, type CSSProperties } from "react";
import { imageVariantUrl } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { IMAGE_VARIANTS } from "@shared/constants.js";
import { cn } from "@client/lib/cn";

export const FALLBACK_BACKGROUND = "#f9fafb";

/** Intrinsic size of a rendition, from the original's aspect ratio (no layout shift). */
export function renditionSize(image: Pick<ImageRef, "width" | "height">, width: number) {
  const w = Math.min(width, image.width || width);
  const ratio = image.width > 0 && image.height > 0 ? image.height / image.width : 4 / 3;
  return { width: w, height: Math.round(w * ratio) };
}

/**
 * A product picture on its own edge colour, with the spec's 'Loading...' and 'Image unavailable'
 * placeholders. Cards use the 480 px rendition with the full image for wide, dense screens.
 */
export function ProductImage({
  image,
  alt,
  variant = "card",
  sizes = "(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw",
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
  const [state, setState] = useState<"loading" | "loaded" | "error">(image ? "loading" : "error");
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setState(image ? "loading" : "error");
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
          src={imageVariantUrl(image, variant)}
          srcSet={
            variant === "card"
              ? `${imageVariantUrl(image, "card")} ${IMAGE_VARIANTS.card}w, ${imageVariantUrl(image, "full")} ${image.width || 800}w`
              : undefined
          }
          sizes={variant === "card" ? sizes : undefined}
          width={size!.width}
          height={size!.height}
          alt={alt}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
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
