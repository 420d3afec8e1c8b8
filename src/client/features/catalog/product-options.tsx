import type { ReactNode } from "react";
import { cn } from "@client/lib/cn";
import { swatchColor } from "./color-swatches";

const choice = (selected: boolean, disabled = false) =>
  cn(
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border px-4 text-sm transition",
    selected ? "border-ink bg-ink text-cream" : "border-ink/15 bg-white hover:border-ink/50",
    disabled && "cursor-not-allowed border-dashed bg-transparent text-muted hover:border-ink/15",
  );

export function SizePicker({
  sizes,
  value,
  onChange,
  available = () => true,
  aside,
}: {
  sizes: string[];
  value: string;
  onChange: (size: string) => void;
  /** False for a size sold out (in the chosen colour, when one is chosen). */
  available?: (size: string) => boolean;
  /** Beside the heading: the size chart's link. */
  aside?: ReactNode;
}) {
  if (sizes.length === 0) return null;
  return (
    <fieldset>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <legend className="text-sm font-medium">
          Size{value && <span className="font-normal text-muted">: {value}</span>}
        </legend>
        {aside}
      </div>
      <div className="flex flex-wrap gap-2">
        {sizes.map((s) => {
          const open = available(s);
          return (
            <button
              key={s}
              type="button"
              aria-pressed={value === s}
              disabled={!open}
              aria-label={open ? undefined : `${s} (sold out)`}
              onClick={() => onChange(s)}
              className={choice(value === s, !open)}
            >
              <span className={cn(!open && "line-through decoration-1")}>{s}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Colours; out-of-stock ones say so and cannot be chosen; choosing the chosen one again clears it. */
export function ColorPicker({
  colors,
  value,
  inStock,
  onChange,
  availableInSize = () => true,
}: {
  colors: string[];
  value: string;
  inStock: (color: string) => boolean;
  onChange: (color: string) => void;
  /** False for a colour sold out in the chosen size (it stays out of stock in that size only). */
  availableInSize?: (color: string) => boolean;
}) {
  if (colors.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium">
        Colour{value && <span className="font-normal text-muted">: {value}</span>}
      </legend>
      <div className="flex flex-wrap gap-2">
        {colors.map((c) => {
          const available = inStock(c) && availableInSize(c);
          return (
            <button
              key={c}
              type="button"
              aria-pressed={value === c}
              disabled={!available}
              onClick={() => onChange(value === c ? "" : c)}
              className={choice(value === c, !available)}
            >
              <span
                aria-hidden
                className="h-4 w-4 rounded-full border border-ink/20"
                style={{ backgroundColor: swatchColor(c) }}
              />
              <span className={cn(!available && "line-through decoration-1")}>{c}</span>
              {!available && (
                <span className="text-xs">{inStock(c) ? "(Sold out in this size)" : "(Out of Stock)"}</span>
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
