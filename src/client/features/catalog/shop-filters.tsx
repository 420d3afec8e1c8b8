import type { ReactNode } from "react";
import { COLORS, PRICE_RANGES, SIZES } from "@shared/constants.js";
import { categoryLabel } from "@shared/rules/labels.js";
import { Button } from "@client/components/ui/button";
import { cn } from "@client/lib/cn";
import { swatchColor } from "./color-swatches";
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
          <label key={r.value || "any"} className={option}>
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

const option = "flex cursor-pointer items-center gap-2.5 rounded-lg py-1.5 text-sm hover:text-rose";

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-3 text-xs font-semibold uppercase tracking-[0.2em] text-muted">{legend}</legend>
      <div className="space-y-1">{children}</div>
    </fieldset>
  );
}

function Check({
  id,
  checked,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label htmlFor={id} className={option}>
      <input id={id} type="checkbox" checked={checked} onChange={onChange} className="h-4 w-4 rounded accent-ink" />
      {children}
    </label>
  );
}

function Chip({
  pressed,
  onClick,
  label,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
      className={cn(
        "min-w-11 rounded-full border px-3 py-1.5 text-sm transition",
        pressed ? "border-ink bg-ink text-cream" : "border-ink/15 bg-white hover:border-ink/40",
      )}
    >
      {children}
    </button>
  );
}
