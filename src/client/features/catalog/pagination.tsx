import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "@client/lib/cn";
import { writePage } from "./shop-filters-state";

/** The pages shown around the current one: first, last, and two either side, with gaps. */
export function pageNumbers(current: number, count: number): (number | "gap")[] {
  const out: (number | "gap")[] = [];
  for (let n = 1; n <= count; n++) {
    if (n === 1 || n === count || Math.abs(n - current) <= 2) out.push(n);
    else if (out[out.length - 1] !== "gap") out.push("gap");
  }
  return out;
}

/**
 * Links to the pages of a product list (?page=N in the URL, with `query`, the other parameters
 * the list reads): real links, so a search engine reaches every product and back/forward walks
 * the pages. Parameters the list does not read are left out: the server renders a page from the
 * ones it reads only (route-table.ts, pageUrl), and hydration must find the same links.
 */
export function Pagination({
  page,
  pageCount,
  query = new URLSearchParams(),
}: {
  page: number;
  pageCount: number;
  query?: URLSearchParams;
}) {
  const { pathname } = useLocation();
  if (pageCount <= 1) return null;
  const href = (n: number) => {
    const qs = writePage(new URLSearchParams(query), n).toString();
    return `${pathname}${qs ? `?${qs}` : ""}`;
  };
  const item = "grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-medium transition";
  return (
    <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev" className={cn(item, "gap-1 hover:bg-ink/5")} aria-label="Previous page">
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Link>
      )}
      {pageNumbers(page, pageCount).map((n, i) =>
        n === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-muted" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={n}
            to={href(n)}
            aria-current={n === page ? "page" : undefined}
            aria-label={`Page ${n}`}
            className={cn(item, n === page ? "bg-ink text-cream" : "hover:bg-ink/5")}
          >
            {n}
          </Link>
        ),
      )}
      {page < pageCount && (
        <Link to={href(page + 1)} rel="next" className={cn(item, "gap-1 hover:bg-ink/5")} aria-label="Next page">
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      )}
    </nav>
  );
}
