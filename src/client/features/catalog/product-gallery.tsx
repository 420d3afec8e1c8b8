import { useState, type MouseEvent } from "react";
import { ZoomIn, ZoomOut } from "lucide-react";
import { IMAGE_SIZES } from "@shared/rules/images.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { cn } from "@client/lib/cn";
import { ProductImage } from "./product-image";

/** Main picture with click-to-zoom (following the pointer) and thumbnails four to a row. */
export function ProductGallery({
  images,
  name,
  index,
  onIndexChange,
}: {
  images: ImageRef[];
  name: string;
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState("50% 50%");
  const current = images[index] ?? images[0];

  const follow = (e: MouseEvent<HTMLElement>) => {
    if (!zoomed) return;
    const r = e.currentTarget.getBoundingClientRect();
    setOrigin(`${((e.clientX - r.left) / r.width) * 100}% ${((e.clientY - r.top) / r.height) * 100}%`);
  };

  return (
    <div className="space-y-3">
      <button
        type="button"
        onClick={(e) => {
          follow(e);
          setZoomed((z) => !z);
        }}
        onMouseMove={follow}
        aria-pressed={zoomed}
        aria-label={zoomed ? "Zoom out" : "Zoom in"}
        disabled={!current}
        className={cn(
          "group relative block w-full overflow-hidden rounded-3xl",
          zoomed ? "cursor-zoom-out" : "cursor-zoom-in",
        )}
      >
        <ProductImage
          key={current?.id}
          image={current}
          alt={name}
          variant="full"
          sizes={IMAGE_SIZES.gallery}
          priority
          className="aspect-[3/4] w-full"
          imgClassName={cn("transition-transform duration-300 motion-reduce:transition-none", zoomed && "scale-[2]")}
          imgStyle={{ transformOrigin: origin }}
        />
        <span
          aria-hidden
          className="absolute bottom-3 right-3 grid h-9 w-9 place-items-center rounded-full bg-white/90 shadow opacity-80 group-hover:opacity-100"
        >
          {zoomed ? <ZoomOut className="h-4 w-4" /> : <ZoomIn className="h-4 w-4" />}
        </span>
      </button>
      {images.length > 1 && (
        <ul className="grid grid-cols-4 gap-3" aria-label="Product images">
          {images.map((img, i) => (
            <li key={img.id}>
              <button
                type="button"
                onClick={() => {
                  setZoomed(false);
                  onIndexChange(i);
                }}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index}
                className={cn(
                  "block w-full overflow-hidden rounded-xl ring-2 transition",
                  i === index ? "ring-ink" : "ring-transparent hover:ring-ink/30",
                )}
              >
                <ProductImage image={img} alt="" variant="thumb" className="aspect-square w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
