import "swiper/css";
import "swiper/css/effect-coverflow";
import { A11y, Autoplay, EffectCoverflow } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import { AUTOPLAY_MS } from "@shared/constants.js";
import type { Product } from "@shared/schemas/products.js";
import { HERO_SLIDE, HeroSlide } from "./hero-slide";

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The hero's coverflow of each category's newest product (loaded lazily with Swiper and its CSS). */
export default function HeroCarousel({ products }: { products: Product[] }) {
  return (
    <Swiper
      modules={[EffectCoverflow, Autoplay, A11y]}
      effect="coverflow"
      centeredSlides
      grabCursor
      rewind
      slidesPerView="auto"
      coverflowEffect={{ rotate: 30, stretch: 0, depth: 100, modifier: 1, slideShadows: false }}
      autoplay={reducedMotion() ? false : { delay: AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: true }}
      a11y={{ containerRoleDescriptionMessage: "carousel", itemRoleDescriptionMessage: "slide" }}
      className="!py-6"
    >
      {products.map((p, i) => (
        <SwiperSlide key={p.id} className={HERO_SLIDE}>
          <HeroSlide product={p} priority={i === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
