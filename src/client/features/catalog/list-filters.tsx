import { SlidersHorizontal } from "lucide-react";
import type { Facets } from "@shared/schemas/attributes.js";
import { Button } from "@client/components/ui/button";
import { FacetFilters } from "./facet-filters";

/**
 * The filter panel of a collection and of search: the options and attributes of what the page
 * lists, with counts, folded under one "Filters" button so it fits a phone as well as a desktop.
 */
export function ListFilters({
  facets,
  chosen,
  onChange,
  idPrefix,
}: {
  facets: Facets | undefined;
  chosen: string[];
  onChange: (chosen: string[]) => void;
  idPrefix: string;
}) {
  if (!facets?.facets.length && chosen.length === 0) return null;
  return (
    <details className="group mb-6 rounded-2xl bg-white ring-1 ring-ink/5" open={chosen.length > 0 || undefined}>
      <summary className="flex cursor-pointer items-center gap-2 px-5 py-3 text-sm font-medium">
        <SlidersHorizontal className="h-4 w-4" aria-hidden />
        Filters{chosen.length > 0 ? ` (${chosen.length})` : ""}
      </summary>
      <div className="grid gap-6 px-5 pb-5 sm:grid-cols-2 lg:grid-cols-4">
        <FacetFilters facets={facets?.facets} chosen={chosen} onChange={onChange} idPrefix={idPrefix} />
      </div>
      {chosen.length > 0 && (
        <div className="px-5 pb-5">
          <Button variant="outline" size="sm" onClick={() => onChange([])}>
            Clear Filters
          </Button>
        </div>
      )}
    </details>
  );
}
