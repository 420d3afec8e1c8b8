import { facetToken, toggleFacetFilter } from "@shared/rules/facet-filters.js";
import type { Facets } from "@shared/schemas/attributes.js";
import { swatchColor } from "./color-swatches";
import { Check, Group } from "./filter-controls";

/**
 * One group per option and attribute the filtered catalogue uses (GET /api/products/facets), each
 * value with how many products it would show: built from the catalogue, never from a fixed list.
 */
export function FacetFilters({
  facets,
  chosen,
  onChange,
  idPrefix,
}: {
  facets: Facets["facets"] | undefined;
  /** The "Name:Value" choices in the URL. */
  chosen: string[];
  onChange: (chosen: string[]) => void;
  idPrefix: string;
}) {
  if (!facets?.length) return null;
  return (
    <>
      {facets.map((facet) => (
        <Group key={facet.name} legend={facet.name === "Color" ? "Colour" : facet.name}>
          {facet.values.map(({ value, count }) => {
            const token = facetToken(facet.name, value);
            const checked = chosen.includes(token);
            return (
              <Check
                key={value}
                id={`${idPrefix}-f-${token}`}
                checked={checked}
                disabled={count === 0 && !checked}
                onChange={() => onChange(toggleFacetFilter(chosen, facet.name, value))}
              >
                {facet.name === "Color" && (
                  <span
                    className="h-4 w-4 rounded-full border border-ink/20"
                    style={{ backgroundColor: swatchColor(value) }}
                    aria-hidden
                  />
                )}
                <span>{value}</span>
                <span className="ml-auto text-xs tabular-nums text-muted">
                  {count}
                  <span className="sr-only"> products</span>
                </span>
              </Check>
            );
          })}
        </Group>
      ))}
    </>
  );
}
