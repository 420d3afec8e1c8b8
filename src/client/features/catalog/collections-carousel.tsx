import "swiper/css";
import { A11y, Autoplay } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import { AUTOPLAY_MS } from "@shared/constants.js";
import { CollectionCard, type CollectionTile } from "./collection-card";

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Featured collection tiles sliding every 4 s (paused on hover, stopped once the shopper swipes). */
export default function CollectionsCarousel({ tiles, logoUrl }: { tiles: CollectionTile[]; logoUrl: string }) {
  return (
    <Swiper
      modules={[Autoplay, A11y]}
      spaceBetween={20}
      slidesPerView={1.15}
      breakpoints={{ 640: { slidesPerView: 2.2 }, 1024: { slidesPerView: 3 } }}
      rewind
      autoplay={reducedMotion() ? false : { delay: AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: true }}
      a11y={{ containerRoleDescriptionMessage: "carousel", itemRoleDescriptionMessage: "slide" }}
    >
      {tiles.map((tile) => (
        <SwiperSlide key={tile.slug}>
          <CollectionCard tile={tile} logoUrl={logoUrl} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
