import { Link } from "react-router";
import type { ProductCard } from "@shared/schemas/products.js";
import { buttonVariants } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { HeroCarousel } from "./hero-carousel";
import { HERO_SLIDE } from "./hero-slide";

/** The spec splits the hero title onto two lines after its first 8 characters. */
export function splitHeroTitle(title: string): [string, string] {
  return [title.slice(0, 8).trim(), title.slice(8).trim()];
}

export function HomeHero({
  title,
  subtitle,
  delivery,
  products,
  loading,
  onViewLookbook,
}: {
  title: string;
  subtitle: string;
  /** The delivery promise true for the settings in force ("Free delivery", "Delivery Rs. 250"). */
  delivery: string;
  products: ProductCard[];
  loading: boolean;
  onViewLookbook: () => void;
}) {
  const [first, second] = splitHeroTitle(title);
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      {/* Two soft glows, drawn as radial gradients: a blur filter this large took tens of
          milliseconds to paint on a slow phone, before the first frame. */}
      <div
        aria-hidden
        className="pointer-events-none absolute -right-40 -top-40 h-[32rem] w-[32rem]"
        style={{ backgroundImage: "radial-gradient(closest-side, rgb(232 201 160 / 0.4) 55%, transparent)" }}
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-48 -left-32 h-[26rem] w-[26rem]"
        style={{ backgroundImage: "radial-gradient(closest-side, rgb(180 83 106 / 0.1) 55%, transparent)" }}
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-8 px-5 pb-10 pt-10 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:gap-4 lg:pb-16 lg:pt-16">
        <div className="text-center lg:text-left">
          {/* Two lines on a phone whatever the phone's font: on one line it fitted with some
              fonts and not others, and the hero moved when the line re-wrapped. */}
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-[#9a3f56]">
            <span className="block sm:inline">Cash on delivery</span>
            <span className="hidden sm:inline"> · </span>
            <span className="block sm:inline">{delivery}</span>
          </p>
          <h1
            id="hero-title"
            className="mt-4 font-display text-[2.6rem] font-semibold leading-[1.05] tracking-tight sm:text-6xl lg:text-7xl"
          >
            <span className="block">{first}</span>
            {second && <span className="block italic text-rose">{second}</span>}
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-base leading-relaxed text-muted sm:text-lg lg:mx-0">{subtitle}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
            <Link to="/shop" className={buttonVariants({ size: "lg" })}>
              Shop Now
            </Link>
            <button
              type="button"
              onClick={onViewLookbook}
              className={buttonVariants({ variant: "outline", size: "lg" })}
            >
              View Lookbook
            </button>
          </div>
        </div>
        <div className="min-w-0">
          {loading ? (
            <div className="flex justify-center py-6">
              <div className={HERO_SLIDE}>
                {/* The slide's picture and its caption line: the box the slide will fill. */}
                <Skeleton className="aspect-[3/4] w-full rounded-b-none rounded-t-[1.75rem]" />
                <Skeleton className="h-12 w-full rounded-b-[1.75rem] rounded-t-none" />
              </div>
            </div>
          ) : products.length > 0 ? (
            <HeroCarousel products={products} />
          ) : null}
        </div>
      </div>
    </section>
  );
}
