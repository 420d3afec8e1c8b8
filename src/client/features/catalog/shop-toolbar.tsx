import { LayoutGrid, List, SlidersHorizontal } from "lucide-react";
import { cn } from "@client/lib/cn";
import type { SortOrder } from "./product-sorting";
import { SortSelect } from "./sort-select";

/** 'Showing N products', the sort dropdown, the grid/list toggle and (on phones) the Filters button. */
export function ShopToolbar({
  count,
  loading,
  sort,
  onSortChange,
  view,
  onViewChange,
  activeFilters,
  onOpenFilters,
}: {
  count: number;
  loading: boolean;
  sort: SortOrder;
  onSortChange: (sort: SortOrder) => void;
  view: "grid" | "list";
  onViewChange: (view: "grid" | "list") => void;
  activeFilters: number;
  onOpenFilters: () => void;
}) {
  const toggle = (active: boolean) =>
    cn(
      "grid h-10 w-10 place-items-center rounded-full transition",
      active ? "bg-ink text-cream" : "text-muted hover:bg-ink/5 hover:text-ink",
    );
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={onOpenFilters}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-ink/15 bg-white px-4 text-sm font-medium lg:hidden"
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden /> Filters
        {activeFilters > 0 && (
          <span className="rounded-full bg-[#9a3f56] px-1.5 text-xs text-white">{activeFilters}</span>
        )}
      </button>
      <p className="text-sm text-muted" aria-live="polite">
        {loading ? "Loading products…" : `Showing ${count} products`}
      </p>
      <div className="ml-auto flex items-center gap-2">
        <SortSelect id="shop-sort" sort={sort} onChange={onSortChange} />
        <div className="flex rounded-full bg-white p-0.5 ring-1 ring-ink/10" role="group" aria-label="View">
          <button
            type="button"
            className={toggle(view === "grid")}
            aria-pressed={view === "grid"}
            aria-label="Grid view"
            onClick={() => onViewChange("grid")}
          >
            <LayoutGrid className="h-4 w-4" aria-hidden />
          </button>
          <button
            type="button"
            className={toggle(view === "list")}
            aria-pressed={view === "list"}
            aria-label="List view"
            onClick={() => onViewChange("list")}
          >
            <List className="h-4 w-4" aria-hidden />
          </button>
        </div>
      </div>
    </div>
  );
}
