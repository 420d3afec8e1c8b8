import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ProductCard } from "@shared/schemas/products.js";
import { whenIdle } from "@client/lib/when-idle";
import type { AttachedCarousel } from "./hero-swiper";
import { HERO_SLIDE, HeroSlide } from "./hero-slide";

type Attach = (el: HTMLElement) => AttachedCarousel;

/**
 * Swiper's code (a chunk of its own), loaded once the page has loaded and the browser is idle:
 * the first slide is already painted, so the carousel's download and set-up wait for the page's
 * own.
 */
function useSwiperCode(): Attach | null {
  const [attach, setAttach] = useState<Attach | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenIdle(
      () => void import("./hero-swiper").then((m) => live && setAttach(() => m.attachHeroSwiper)),
    );
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return attach;
}

/**
 * The hero's coverflow of each category's newest product, in Swiper's own markup from the first
 * render: the server (and the page before Swiper's code is in) shows the first slide alone,
 * centred where the carousel shows it; once the code is in, React adds the other slides after it
 * and Swiper attaches to the same elements in the same frame. The first slide's picture is never
 * re-created, so it is painted once (one LCP) and nothing moves.
 */
export function HeroCarousel({ products }: { products: ProductCard[] }) {
  const attach = useSwiperCode();
  const root = useRef<HTMLDivElement>(null);
  const carousel = useRef<AttachedCarousel | null>(null);
  const shown = attach ? products : products.slice(0, 1);

  useLayoutEffect(() => {
    if (!attach || !root.current) return;
    const attached = attach(root.current);
    carousel.current = attached;
    return () => {
      carousel.current = null;
      attached.detach();
    };
  }, [attach]);

  const ids = shown.map((p) => p.id).join(",");
  useLayoutEffect(() => carousel.current?.update(), [ids]);

  return (
    // Until Swiper's CSS is in: the container and wrapper it styles, laid out as it lays them out
    // (its unlayered CSS beats utilities, hence !py-6), with the lone slide centred by flex.
    <div ref={root} className="swiper relative overflow-hidden !py-6">
      <div className="swiper-wrapper relative flex [:not(.swiper-initialized)>&]:justify-center">
        {shown.map((p, i) => (
          <div key={p.id} className={`swiper-slide ${HERO_SLIDE}`}>
            <HeroSlide product={p} priority={i === 0} />
          </div>
        ))}
      </div>
    </div>
  );
}
