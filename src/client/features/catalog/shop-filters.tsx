import { COLORS, PRICE_RANGES, SIZES } from "@shared/constants.js";
import { categoryLabel } from "@shared/rules/labels.js";
import { Button } from "@client/components/ui/button";
import { swatchColor } from "./color-swatches";
import { Check, Chip, Group, optionClass } from "./filter-controls";
import { activeFilterCount, toggleValue, type ShopState } from "./shop-filters-state";

type Filters = ShopState["filters"];

/** Category (several), price range (one), sizes and colours (several): the shop's filter panel. */
export function ShopFilters({
  filters,
  categories,
  onChange,
  idPrefix,
}: {
  filters: Filters;
  /** Categories found in the loaded products. */
  categories: string[];
  onChange: (filters: Filters) => void;
  /** Keeps ids unique when the panel is rendered twice (sidebar and phone sheet). */
  idPrefix: string;
}) {
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const categoryOptions = [...new Set([...categories, ...filters.category])];
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

      <Group legend="Size">
        <div className="flex flex-wrap gap-2">
          {SIZES.map((s) => (
            <Chip
              key={s}
              pressed={filters.sizes.includes(s)}
              onClick={() => set({ sizes: toggleValue(filters.sizes, s) })}
              label={`Size ${s}`}
            >
              {s}
            </Chip>
          ))}
        </div>
      </Group>

      <Group legend="Colour">
        {COLORS.map((c) => (
          <Check
            key={c}
            id={`${idPrefix}-color-${c}`}
            checked={filters.colors.includes(c)}
            onChange={() => set({ colors: toggleValue(filters.colors, c) })}
          >
            <span
              className="h-4 w-4 rounded-full border border-ink/20"
              style={{ backgroundColor: swatchColor(c) }}
              aria-hidden
            />
            {c}
          </Check>
        ))}
      </Group>

      {activeFilterCount(filters) > 0 && (
        <Button
          variant="outline"
          size="sm"
          className="w-full"
          onClick={() => onChange({ category: [], sizes: [], colors: [], priceRange: undefined })}
        >
          Clear Filters
        </Button>
      )}
    </div>
  );
}
