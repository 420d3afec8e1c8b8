import { lazy, Suspense, useEffect, useMemo } from "react";
import { Link, useLocation } from "react-router";
import { HOME_HERO_SLIDES, HOME_NEW_ARRIVALS } from "@shared/constants.js";
import { buttonVariants } from "@client/components/ui/button";
import { useCategories, useHomeProducts } from "@client/features/catalog/catalog-api";
import { collectionTiles, FeaturedCollections } from "@client/features/catalog/featured-collections";
import { HomeHero } from "@client/features/catalog/home-hero";
import { ProductGrid, ProductGridSkeleton } from "@client/features/catalog/product-grid";
import { COLLECTIONS_ID } from "@client/features/layout/nav-links";
import { Reveal } from "@client/features/layout/reveal";
import { useSiteSettings } from "@client/lib/settings-api";
import { WishlistHeart } from "@client/features/wishlist/wishlist-heart";

// The floating chat button is not part of the first screen's content: it loads after the page.
const ChatButton = lazy(() => import("@client/features/layout/chat-button").then((m) => ({ default: m.ChatButton })));
// The review prompt only matters to shoppers with a delivered order; it loads after the page.
const ReviewPrompt = lazy(() => import("@client/features/reviews/review-prompt"));

const NEW_ARRIVALS_ID = "new-arrivals";

const scrollToId = (id: string) =>
  document
    .getElementById(id)
    ?.scrollIntoView({ behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });

export default function HomeRoute() {
  const settings = useSiteSettings();
  const products = useHomeProducts();
  const categories = useCategories();
  const { hash } = useLocation();

  const heroProducts = useMemo(() => products.data?.hero ?? [], [products.data]);
  const heroSlides = useMemo(() => heroProducts.slice(0, HOME_HERO_SLIDES), [heroProducts]);
  const newArrivals = products.data?.newArrivals ?? [];
  const tiles = useMemo(() => collectionTiles(categories.data, heroProducts), [categories.data, heroProducts]);

  // '/#featured-collections' from another page: scroll there once the section has its content.
  useEffect(() => {
    if (hash === `#${COLLECTIONS_ID}` && !products.isPending) scrollToId(COLLECTIONS_ID);
  }, [hash, products.isPending]);

  return (
    <>
      <HomeHero
        title={settings.hero_title}
        subtitle={settings.hero_subtitle}
        delivery={settings.delivery}
        products={heroSlides}
        loading={products.isPending}
        onViewLookbook={() => scrollToId(NEW_ARRIVALS_ID)}
      />

      <Reveal
        id={COLLECTIONS_ID}
        labelledBy="collections-title"
        // Below a phone's first screen: laid out and painted only as it nears the viewport (by
        // then its carousel's styles have arrived), holding about its height until then.
        className="mx-auto max-w-7xl scroll-mt-24 px-5 py-14 [content-visibility:auto] [contain-intrinsic-size:auto_606px] sm:px-6 sm:[contain-intrinsic-size:auto_630px] lg:[contain-intrinsic-size:auto_738px]"
      >
        <SectionHeading id="collections-title" eyebrow="Curated for you" title="Featured Collections" />
        {tiles.length > 0 || products.isPending || categories.isPending ? (
          <FeaturedCollections tiles={tiles} loading={products.isPending && categories.isPending} />
        ) : null}
      </Reveal>

      <Reveal
        id={NEW_ARRIVALS_ID}
        labelledBy="arrivals-title"
        className="mx-auto max-w-7xl scroll-mt-24 px-5 py-14 sm:px-6"
      >
        <SectionHeading id="arrivals-title" eyebrow="Just in" title="New Arrivals" />
        {products.isPending ? (
          <ProductGridSkeleton count={HOME_NEW_ARRIVALS} columns={4} />
        ) : products.isError ? (
          <p role="alert" className="py-12 text-center text-muted">
            Failed to fetch products
          </p>
        ) : newArrivals.length === 0 ? (
          <p className="py-12 text-center text-muted">No products available at the moment.</p>
        ) : (
          <ProductGrid
            products={newArrivals}
            columns={4}
            headingLevel={3}
            cardAction={(p) => <WishlistHeart product={p} />}
          />
        )}
        <div className="mt-10 text-center">
          <Link to="/shop" className={buttonVariants({ variant: "outline", size: "lg" })}>
            View All Products
          </Link>
        </div>
      </Reveal>

      <Suspense fallback={null}>
        <ReviewPrompt />
        <ChatButton />
      </Suspense>
    </>
  );
}

function SectionHeading({ id, eyebrow, title }: { id: string; eyebrow: string; title: string }) {
  return (
    <div className="mb-8 text-center">
      <p className="text-xs font-semibold uppercase tracking-[0.3em] text-[#9a3f56]">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-display text-3xl font-semibold sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}
