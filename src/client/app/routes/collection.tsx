import { Link, useParams, useSearchParams } from "react-router";
import { collectionCopy } from "@shared/rules/labels.js";
import { buttonVariants } from "@client/components/ui/button";
import { useQuery } from "@tanstack/react-query";
import { useCategories } from "@client/features/catalog/catalog-api";
import { Pagination } from "@client/features/catalog/pagination";
import { ProductGrid, ProductGridSkeleton } from "@client/features/catalog/product-grid";
import { readSort, writeSort, type SortOrder } from "@client/features/catalog/product-sorting";
import { ListFilters } from "@client/features/catalog/list-filters";
import { readFacetFilters, readPage, writeFacetFilters } from "@client/features/catalog/shop-filters-state";
import { SortSelect } from "@client/features/catalog/sort-select";
import { useFetchErrorToast } from "@client/features/catalog/use-fetch-error-toast";
import { WishlistHeart } from "@client/features/wishlist/wishlist-heart";
import { facetReads, LIST_SORT, listReads } from "../route-table";

const COLLECTION_SKELETON = 8;

export default function CollectionRoute() {
  const category = useParams().category ?? "";
  const copy = collectionCopy(category);
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const sort = readSort(params, LIST_SORT.collection);
  const chosen = readFacetFilters(params);
  const products = useQuery(listReads.collection(category, sort, page, chosen));
  const facets = useQuery(facetReads.collection(category, chosen));
  /** The collection's own parameters: its filters and order (a change starts at the first page). */
  const listParams = (order: SortOrder, f = chosen) =>
    writeSort(writeFacetFilters(new URLSearchParams(), f), order, LIST_SORT.collection);
  useFetchErrorToast(products.error);

  const key = category.toLowerCase();
  // Only a category list that loaded can prove a collection missing; a failed read shows what we have.
  const missing =
    categories.isSuccess && !categories.data.some((c) => c.slug.toLowerCase() === key || c.name.toLowerCase() === key);

  if (missing) {
    return (
      <div className="mx-auto max-w-xl px-5 py-24 text-center">
        <h1 className="font-display text-4xl font-semibold">Collection Not Found</h1>
        <p className="mt-3 text-muted">We could not find a collection called “{category}”.</p>
        <Link to="/" className={buttonVariants({ className: "mt-8" })}>
          Back to Home
        </Link>
      </div>
    );
  }

  const list = products.data?.products ?? [];
  const total = products.data?.total ?? 0;
  return (
    <div>
      <header className="bg-gradient-to-b from-sand/40 to-cream px-5 py-14 text-center sm:py-20">
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-[#9a3f56]">The {key} edit</p>
        <h1 className="mt-3 font-display text-4xl font-semibold sm:text-6xl">{copy.title}</h1>
        <p className="mx-auto mt-4 max-w-xl text-muted sm:text-lg">{copy.subtitle}</p>
      </header>
      <div className="mx-auto max-w-7xl px-5 py-10 sm:px-6">
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <p className="mr-auto text-sm text-muted">
            {products.isSuccess ? `${total} ${total === 1 ? "piece" : "pieces"}` : ""}
          </p>
          <SortSelect
            id="collection-sort"
            sort={sort}
            onChange={(order) => setParams(listParams(order), { preventScrollReset: true })}
          />
          <Link
            to="/shop"
            className="text-sm font-medium underline decoration-sand decoration-2 underline-offset-4 hover:text-rose"
          >
            View All Products
          </Link>
        </div>
        <ListFilters
          facets={facets.data}
          chosen={chosen}
          onChange={(f) => setParams(listParams(sort, f), { replace: true, preventScrollReset: true })}
          idPrefix="collection"
        />
        {products.isPending ? (
          <ProductGridSkeleton count={COLLECTION_SKELETON} columns={4} />
        ) : products.isError ? (
          <p role="alert" className="py-16 text-center text-muted">
            Failed to fetch products
          </p>
        ) : list.length === 0 ? (
          <div className="rounded-2xl bg-white px-6 py-16 text-center ring-1 ring-ink/5">
            <h2 className="font-display text-2xl">No Products Found</h2>
            <Link to="/shop" className={buttonVariants({ className: "mt-6" })}>
              Browse All Products
            </Link>
          </div>
        ) : (
          <>
            <ProductGrid
              products={list}
              columns={4}
              priorityCount={page === 1 ? 1 : 0}
              cardAction={(p) => <WishlistHeart product={p} />}
            />
            <Pagination page={page} pageCount={products.data?.pageCount ?? 1} query={listParams(sort)} />
          </>
        )}
      </div>
    </div>
  );
}
