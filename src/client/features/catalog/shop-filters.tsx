import { PRICE_RANGES } from "@shared/constants.js";
import { categoryLabel } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import type { Facets } from "@shared/schemas/attributes.js";
import { Button } from "@client/components/ui/button";
import { FacetFilters } from "./facet-filters";
import { Check, Group, optionClass } from "./filter-controls";
import { activeFilterCount, toggleValue, type ShopState } from "./shop-filters-state";

type Filters = ShopState["filters"];

/** Category (several), price range (one), then every option and attribute with counts: the shop's filter panel. */
export function ShopFilters({
  filters,
  categories,
  facets,
  onChange,
  idPrefix,
}: {
  filters: Filters;
  /** Categories found in the loaded products. */
  categories: string[];
  /** The counts of the shop's filters (GET /api/products/facets). */
  facets: Facets | undefined;
  onChange: (filters: Filters) => void;
  /** Keeps ids unique when the panel is rendered twice (sidebar and phone sheet). */
  idPrefix: string;
}) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const categoryOptions = [...new Set([...categories, ...filters.category])];
  const span = facets?.price;
  return (
    <div className="space-y-7">
      <Group legend="Category">
        {categoryOptions.map((c) => (
          <Check
            key={c}
            id={`${idPrefix}-cat-${c}`}
            checked={filters.category.includes(c)}
            onChange={() => set({ category: toggleValue(filters.category, c) })}
          >
            {categoryLabel(c)}
          </Check>
        ))}
        {categoryOptions.length === 0 && <p className="text-sm text-muted">No categories yet</p>}
      </Group>

      <Group legend="Price Range">
        {span?.min != null && span.max != null && (
          <p className="mb-1 text-xs text-muted">
            {formatRs(span.min)} – {formatRs(span.max)}
          </p>
        )}
        {[{ value: "", label: "Any price" }, ...PRICE_RANGES].map((r) => (
          <label key={r.value || "any"} className={optionClass}>
            <input
              type="radio"
              name={`${idPrefix}-price`}
              value={r.value}
              checked={(filters.priceRange ?? "") === r.value}
              onChange={() => set({ priceRange: r.value || undefined })}
              className="h-4 w-4 accent-ink"
            />
            {r.label}
          </label>
        ))}
      </Group>

      <FacetFilters facets={facets?.facets} chosen={filters.f} onChange={(f) => set({ f })} idPrefix={idPrefix} />

      {activeFilterCount(filters) > 0 && (
        <Button
          variant="outline"
          size="sm"
          className="w-full"
          onClick={() => onChange({ category: [], f: [], priceRange: undefined })}
        >
          Clear Filters
        </Button>
      )}
    </div>
  );
}
