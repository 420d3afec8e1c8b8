import { Package } from "lucide-react";
import { parseSelectedImage } from "@shared/rules/images.js";
import type { OrderItem } from "@shared/schemas/orders.js";
import { ThumbnailButton } from "@client/components/ui/image-lightbox";

const MAX_THUMBS = 3;

/** Up to three item pictures and '+N' for the rest; a click shows the large view. */
export function OrderThumbnails({ items }: { items: OrderItem[] }) {
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
          <ThumbnailButton
            key={i}
            image={image}
            alt={item.productName}
            label={`View ${item.productName} larger`}
            width={40}
            height={40}
            className="h-10 w-10 rounded-lg bg-ink/5"
            imgClassName="h-full w-full"
          />
        );
      })}
      {rest > 0 && <span className="text-xs font-semibold text-muted">+{rest}</span>}
    </div>
  );
}
