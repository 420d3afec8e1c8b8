import { lazy, Suspense } from "react";
import { HOME_FEATURED_COLLECTIONS } from "@shared/constants.js";
import { categoryLabel } from "@shared/rules/labels.js";
import type { Category } from "@shared/schemas/categories.js";
import type { ProductCard } from "@shared/schemas/products.js";
import { Skeleton } from "@client/components/ui/skeleton";
import { CollectionCard, type CollectionTile } from "./collection-card";

const CollectionsCarousel = lazy(() => import("./collections-carousel"));

/**
 * Up to six tiles: the store's categories (or, if those cannot be read, the categories of the
 * products), each pictured by the first image of its newest product. `newestPerCategory` holds
 * one product a category (the home hero's list).
 */
export function collectionTiles(
  categories: Category[] | undefined,
  newestPerCategory: ProductCard[],
): CollectionTile[] {
  const firstByCategory = new Map<string, ProductCard>();
  for (const p of newestPerCategory) {
    const key = p.category.toLowerCase();
    if (!firstByCategory.has(key)) firstByCategory.set(key, p);
  }
  const source = categories?.length
    ? categories.map((c) => ({ slug: c.slug, label: categoryLabel(c.name || c.slug) }))
    : [...firstByCategory.values()].map(({ category }) => ({ slug: category, label: categoryLabel(category) }));
  return source.slice(0, HOME_FEATURED_COLLECTIONS).map(({ slug, label }) => ({
    slug,
    label,
    image: firstByCategory.get(slug.toLowerCase())?.images[0],
  }));
}

export function FeaturedCollections({
  tiles,
  loading,
  logoUrl = "/favicon.svg",
}: {
  tiles: CollectionTile[];
  loading: boolean;
  logoUrl?: string;
}) {
  if (loading) {
    return (
      <div
        className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
        role="status"
        aria-label="Loading collections"
      >
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="aspect-[3/4] rounded-[1.5rem]" />
        ))}
      </div>
    );
  }
  const still = (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {tiles.slice(0, 3).map((t) => (
        <CollectionCard key={t.slug} tile={t} logoUrl={logoUrl} />
      ))}
    </div>
  );
  return (
    <Suspense fallback={still}>
      <CollectionsCarousel tiles={tiles} logoUrl={logoUrl} />
    </Suspense>
  );
}
