import type { ReactNode } from "react";
import type { ProductCard as Card } from "@shared/schemas/products.js";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import { ProductCard, type CardHeadingLevel, type CardLayout } from "./product-card";

const GRID = "grid grid-cols-1 gap-5 sm:grid-cols-2 sm:gap-6";
/**
 * A grid card off screen is neither laid out nor painted until it nears the viewport (a shop page
 * is 24 cards, 15,000 px tall on a phone); it holds its place at about a card's height meanwhile,
 * and at its real height once it has been shown.
 */
const OFF_SCREEN_CARD =
  "[content-visibility:auto] [contain-intrinsic-size:auto_611px] sm:[contain-intrinsic-size:auto_600px] lg:[contain-intrinsic-size:auto_547px]";

/** Cards in a grid of 1, 2 or 3 (optionally 4) columns by width, or a single list column. */
export function ProductGrid({
  products,
  cardAction,
  layout = "grid",
  columns = 3,
  priorityCount = 0,
  headingLevel,
}: {
  products: Card[];
  cardAction?: (product: Card) => ReactNode;
  layout?: CardLayout;
  columns?: 3 | 4;
  /**
   * The first cards whose pictures are asked for first, with the page (high priority, eager).
   * One on a list page: on a phone the grid is one column, and a second and third picture below
   * the fold shared the slow line with the largest one (decision 054). On a wider screen the
   * server preloads the rest of the first row where it is one (grid-rows.ts, route-table.ts).
   */
  priorityCount?: number;
  /** The cards' name headings: h2 under a page's h1 (the default), h3 in a section with its own h2. */
  headingLevel?: CardHeadingLevel;
}) {
  return (
    <ul
      className={
        layout === "list" ? "grid gap-5" : cn(GRID, columns === 4 ? "lg:grid-cols-3 xl:grid-cols-4" : "lg:grid-cols-3")
      }
    >
      {products.map((p, i) => (
        <li key={p.id} className={layout === "grid" ? OFF_SCREEN_CARD : undefined}>
          <ProductCard
            product={p}
            layout={layout}
            action={cardAction?.(p)}
            priority={i < priorityCount}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count, columns = 3 }: { count: number; columns?: 3 | 4 }) {
  return (
    <div
      role="status"
      aria-label="Loading products"
      className={cn(GRID, columns === 4 ? "lg:grid-cols-3 xl:grid-cols-4" : "lg:grid-cols-3")}
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl bg-white ring-1 ring-ink/5">
          <Skeleton className="aspect-[3/4] w-full rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
