import "swiper/css";
import "swiper/css/effect-coverflow";
import Swiper from "swiper";
import { A11y, Autoplay, EffectCoverflow } from "swiper/modules";
import { AUTOPLAY_MS } from "@shared/constants.js";

export interface AttachedCarousel {
  /** Picks up slides React added or removed. */
  update: () => void;
  detach: () => void;
}

/**
 * The hero's coverflow (Swiper's core, its CSS and three modules; loaded after the first paint),
 * attached to the markup React already shows: Swiper adds its classes and transforms to the
 * existing container and slides and never re-creates them, so the first slide's picture the
 * server painted stays the very same element.
 */
export function attachHeroSwiper(el: HTMLElement): AttachedCarousel {
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const swiper = new Swiper(el, {
    modules: [EffectCoverflow, Autoplay, A11y],
    effect: "coverflow",
    centeredSlides: true,
    grabCursor: true,
    rewind: true,
    slidesPerView: "auto",
    coverflowEffect: { rotate: 30, stretch: 0, depth: 100, modifier: 1, slideShadows: false },
    autoplay: reducedMotion ? false : { delay: AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: true },
    a11y: { containerRoleDescriptionMessage: "carousel", itemRoleDescriptionMessage: "slide" },
  });
  return { update: () => swiper.update(), detach: () => swiper.destroy(true, true) };
}
