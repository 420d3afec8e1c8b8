import { useState, type ReactNode } from "react";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import { imageVariantUrl } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { cn } from "@client/lib/cn";

/**
 * A picture's thumbnail as a button that shows the full-size picture in a lightbox: cart rows,
 * tracked orders, review photos and the admin's order rows. `label` names the button (the
 * thumbnail itself is decorative); `alt` describes the large picture. The lightbox is a Radix
 * dialog: focus is kept inside, Escape or a click anywhere closes it, and the focus goes back to
 * the thumbnail.
 */
export function ThumbnailButton({
  image,
  alt,
  label,
  width,
  height,
  className,
  imgClassName,
  lazy = true,
}: {
  image: ImageRef;
  alt: string;
  label: string;
  /** The thumbnail's box, in CSS pixels. */
  width: number;
  height: number;
  className?: string;
  imgClassName?: string;
  lazy?: boolean;
}): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <D.Root open={open} onOpenChange={setOpen}>
      <D.Trigger
        className={cn("shrink-0 cursor-zoom-in overflow-hidden", className)}
        style={{ backgroundColor: image.edgeColor }}
        aria-label={label}
      >
        <img
          src={imageVariantUrl(image, "thumb")}
          alt=""
          width={width}
          height={height}
          loading={lazy ? "lazy" : undefined}
          className={cn("object-cover", imgClassName)}
        />
      </D.Trigger>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-[60] bg-ink/80 backdrop-blur-sm" />
        <D.Content
          className="fixed left-1/2 top-1/2 z-[60] flex max-h-[92dvh] w-[calc(100vw-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 items-center justify-center outline-none"
          onClick={() => setOpen(false)}
        >
          <D.Title className="sr-only">{alt}</D.Title>
          <D.Description className="sr-only">Larger view. Press Escape to close.</D.Description>
          <img
            src={imageVariantUrl(image, "full")}
            alt={alt}
            width={image.width}
            height={image.height}
            className="h-auto max-h-[88dvh] w-auto max-w-full cursor-zoom-out rounded-xl bg-white object-contain shadow-2xl"
          />
          <D.Close
            className="absolute -top-2 right-0 rounded-full bg-white/90 p-2 text-ink shadow hover:bg-white"
            aria-label="Close image"
          >
            <X className="h-5 w-5" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
