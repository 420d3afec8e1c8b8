import { Package } from "lucide-react";
import { imageVariantUrl, parseSelectedImage } from "@shared/rules/images.js";
import type { OrderItem } from "@shared/schemas/orders.js";
import type { LightboxImage } from "@client/components/ui/image-lightbox";

const MAX_THUMBS = 3;

/** Up to three item pictures and '+N' for the rest; a click asks for the large view. */
export function OrderThumbnails({ items, onOpen }: { items: OrderItem[]; onOpen: (image: LightboxImage) => void }) {
  const rest = items.length - MAX_THUMBS;
  return (
    <div className="flex items-center gap-1.5">
      {items.slice(0, MAX_THUMBS).map((item, i) => {
        const image = parseSelectedImage(item.selectedImage);
        if (!image) {
          return (
            <span
              key={i}
              title={item.productName}
              className="flex h-10 w-10 items-center justify-center rounded-lg bg-ink/5 text-muted"
            >
              <Package className="h-4 w-4" aria-label={item.productName} />
            </span>
          );
        }
        return (
          <button
            key={i}
            type="button"
            className="h-10 w-10 shrink-0 cursor-zoom-in overflow-hidden rounded-lg bg-ink/5"
            aria-label={`View ${item.productName} larger`}
            onClick={() =>
              onOpen({
                src: imageVariantUrl(image, "full"),
                alt: item.productName,
                width: image.width,
                height: image.height,
              })
            }
          >
            <img
              src={imageVariantUrl(image, "thumb")}
              alt=""
              width={40}
              height={40}
              loading="lazy"
              className="h-full w-full object-cover"
            />
          </button>
        );
      })}
      {rest > 0 && <span className="text-xs font-semibold text-muted">+{rest}</span>}
    </div>
  );
}
