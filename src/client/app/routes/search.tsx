import { Search } from "lucide-react";
import { type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonVariants } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { useQuery } from "@tanstack/react-query";
import { Pagination } from "@client/features/catalog/pagination";
import { ProductGrid, ProductGridSkeleton } from "@client/features/catalog/product-grid";
import { readSort, writeSort, type SortOrder } from "@client/features/catalog/product-sorting";
import { ListFilters } from "@client/features/catalog/list-filters";
import { readFacetFilters, readPage, writeFacetFilters } from "@client/features/catalog/shop-filters-state";
import { SortSelect } from "@client/features/catalog/sort-select";
import { useFetchErrorToast } from "@client/features/catalog/use-fetch-error-toast";
import { WishlistHeart } from "@client/features/wishlist/wishlist-heart";
import { facetReads, LIST_SORT, listReads, searchTerm } from "../route-table";

/** /search?q=: the page the site's search action points to (GET /api/products?q=). */
export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = searchTerm(params);
  const page = readPage(params);
  const sort = readSort(params, LIST_SORT.search);
  const chosen = readFacetFilters(params);
  const results = useQuery({ ...listReads.search(q, sort, page, chosen), enabled: q.length > 0 });
  const facets = useQuery({ ...facetReads.search(q, chosen), enabled: q.length > 0 });
  /** The search's own parameters: the words, filters and order (a change starts at the first page). */
  const listParams = (order: SortOrder, f = chosen) =>
    writeSort(writeFacetFilters(new URLSearchParams({ q }), f), order, LIST_SORT.search);
  useFetchErrorToast(results.error);
  const list = results.data?.products ?? [];
  const total = results.data?.total ?? 0;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const term = String(new FormData(e.currentTarget).get("q") ?? "").trim();
    setParams(term ? { q: term } : {});
  };

  return (
    <div className="mx-auto max-w-7xl px-5 py-10 sm:px-6 lg:py-14">
      <h1 className="text-center font-display text-4xl font-semibold sm:text-5xl">Search</h1>
      <form role="search" onSubmit={submit} className="mx-auto mt-8 flex max-w-xl gap-2">
        <label htmlFor="search-q" className="sr-only">
          Search products
        </label>
        <Input
          key={q}
          id="search-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search by name, colour, collection…"
          autoFocus={!q}
          className="rounded-full px-5"
        />
        <button type="submit" className={buttonVariants({ className: "shrink-0" })}>
          <Search className="h-4 w-4" aria-hidden /> Search
        </button>
      </form>
      <div className="mt-10" aria-live="polite">
        {q && (
          <ListFilters
            facets={facets.data}
            chosen={chosen}
            onChange={(f) => setParams(listParams(sort, f), { replace: true, preventScrollReset: true })}
            idPrefix="search"
          />
        )}
        {!q ? (
          <p className="text-center text-muted">Type what you are looking for, for example “lawn” or “party”.</p>
        ) : results.isPending ? (
          <ProductGridSkeleton count={6} />
        ) : results.isError ? (
          <p role="alert" className="text-center text-muted">
            Failed to fetch products
          </p>
        ) : list.length === 0 ? (
          <div className="text-center">
            <p className="text-lg">No products found for “{q}”.</p>
            <Link to="/shop" className={buttonVariants({ variant: "outline", className: "mt-6" })}>
              Browse All Products
            </Link>
          </div>
        ) : (
          <>
            <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted">
                {total} {total === 1 ? "result" : "results"} for “{q}”
              </p>
              <SortSelect
                id="search-sort"
                sort={sort}
                onChange={(order) => setParams(listParams(order), { preventScrollReset: true })}
              />
            </div>
            <ProductGrid products={list} cardAction={(p) => <WishlistHeart product={p} />} />
            <Pagination page={page} pageCount={results.data?.pageCount ?? 1} query={listParams(sort)} />
          </>
        )}
      </div>
    </div>
  );
}
