import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";

export interface LightboxImage {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/** A larger view of one image in a modal (Radix: focus kept inside, Escape or a click outside closes). */
export function ImageLightbox({ image, onClose }: { image: LightboxImage | null; onClose: () => void }) {
  return (
    <D.Root open={image !== null} onOpenChange={(open) => !open && onClose()}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-[60] bg-ink/80 backdrop-blur-sm" />
        <D.Content
          className="fixed left-1/2 top-1/2 z-[60] flex max-h-[92dvh] w-[calc(100vw-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 items-center justify-center outline-none"
          onClick={onClose}
        >
          <D.Title className="sr-only">{image?.alt ?? "Image"}</D.Title>
          <D.Description className="sr-only">Larger view. Press Escape to close.</D.Description>
          {image && (
            <img
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              className="h-auto max-h-[88dvh] w-auto max-w-full rounded-xl bg-white object-contain shadow-2xl"
            />
          )}
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
