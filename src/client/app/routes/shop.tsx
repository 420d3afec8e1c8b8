import { lazy, Suspense, useState } from "react";
import { Button } from "@client/components/ui/button";
import { useQuery } from "@tanstack/react-query";
import { useCategories } from "@client/features/catalog/catalog-api";
import { Pagination } from "@client/features/catalog/pagination";
import { ProductGrid, ProductGridSkeleton } from "@client/features/catalog/product-grid";
import { ShopFilters } from "@client/features/catalog/shop-filters";
import { activeFilterCount, writeShopState } from "@client/features/catalog/shop-filters-state";
import { ShopToolbar } from "@client/features/catalog/shop-toolbar";
import { useFetchErrorToast } from "@client/features/catalog/use-fetch-error-toast";
import { useShopState } from "@client/features/catalog/use-shop-state";
import { WishlistHeart } from "@client/features/wishlist/wishlist-heart";
import { facetReads, listReads } from "../route-table";

const SHOP_SKELETON = 6;

// The phone's filter panel (and the Radix dialog code under it) loads the first time it is opened:
// it is not part of the page's first paint.
const Sheet = lazy(() => import("@client/components/ui/sheet").then((m) => ({ default: m.Sheet })));

export default function ShopRoute() {
  const [state, update] = useShopState();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sheetLoaded, setSheetLoaded] = useState(false);

  // Filtered, sorted, counted and paged by the server: every match is counted and reachable.
  const products = useQuery(listReads.shop(state));
  // The panel's options and counts come from the catalogue, filtered like the products.
  const facets = useQuery(facetReads.shop(state));
  // The category options are every collection, so choosing one does not hide the others.
  const categories = (useCategories().data ?? []).map((c) => c.slug).sort();
  const shown = products.data?.products ?? [];
  const total = products.data?.total ?? 0;
  useFetchErrorToast(products.error);

  const clearFilters = () => update({ filters: { category: [], f: [], priceRange: undefined } });
  const filterPanel = (idPrefix: string) => (
    <ShopFilters
      idPrefix={idPrefix}
      filters={state.filters}
      categories={categories}
      facets={facets.data}
      onChange={(filters) => update({ filters })}
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-5 py-10 sm:px-6 lg:py-14">
      <header className="mb-10 text-center">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">Shop Collection</h1>
        <p className="mt-3 text-muted">Discover our complete range of premium fashion</p>
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <aside aria-label="Filters" className="hidden lg:block">
          <div className="sticky top-24 rounded-2xl bg-white p-5 ring-1 ring-ink/5">{filterPanel("side")}</div>
        </aside>
        <div className="min-w-0">
          <ShopToolbar
            count={total}
            loading={products.isPending}
            sort={state.sort}
            onSortChange={(sort) => update({ sort })}
            view={state.view}
            onViewChange={(view) => update({ view })}
            activeFilters={activeFilterCount(state.filters)}
            onOpenFilters={() => {
              setSheetLoaded(true);
              setFiltersOpen(true);
            }}
          />
          {products.isPending ? (
            <ProductGridSkeleton count={SHOP_SKELETON} />
          ) : products.isError ? (
            <p role="alert" className="py-16 text-center text-muted">
              Failed to fetch products
            </p>
          ) : shown.length === 0 ? (
            <div className="rounded-2xl bg-white px-6 py-16 text-center ring-1 ring-ink/5">
              <p className="text-lg">No products found matching your filters.</p>
              <Button className="mt-6" onClick={clearFilters}>
                Clear Filters
              </Button>
            </div>
          ) : (
            <>
              <ProductGrid
                products={shown}
                layout={state.view}
                priorityCount={state.page === 1 ? 1 : 0}
                cardAction={(p) => <WishlistHeart product={p} />}
              />
              <Pagination
                page={state.page}
                pageCount={products.data?.pageCount ?? 1}
                query={writeShopState({ ...state, page: 1 })}
              />
            </>
          )}
        </div>
      </div>
      {sheetLoaded && (
        <Suspense fallback={null}>
          <Sheet open={filtersOpen} onOpenChange={setFiltersOpen} title="Filters">
            {filterPanel("sheet")}
            <Button className="mt-8 w-full" onClick={() => setFiltersOpen(false)}>
              Show {products.isPending ? "" : `${total} `}products
            </Button>
          </Sheet>
        </Suspense>
      )}
    </div>
  );
}
