import { cn } from "@client/lib/cn";
import { swatchColor } from "./color-swatches";
import type { OptionState } from "./variant-choice";

const choice = (selected: boolean, disabled = false) =>
  cn(
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border px-4 text-sm transition",
    selected ? "border-ink bg-ink text-cream" : "border-ink/15 bg-white hover:border-ink/50",
    disabled && "cursor-not-allowed border-dashed bg-transparent text-muted hover:border-ink/15",
  );

/** One option's values (Size, Make, Pieces, ...); a sold-out value is struck through and cannot be picked. */
export function ValuePicker({
  option,
  value,
  onChange,
}: {
  option: OptionState;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium">
        {option.name}
        {value && <span className="font-normal text-muted">: {value}</span>}
      </legend>
      <div className="flex flex-wrap gap-2">
        {option.values.map(({ value: v, available }) => (
          <button
            key={v}
            type="button"
            aria-pressed={value === v}
            disabled={!available}
            aria-label={available ? undefined : `${v} (sold out)`}
            onClick={() => onChange(v)}
            className={choice(value === v, !available)}
          >
            <span className={cn(!available && "line-through decoration-1")}>{v}</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Colours as swatches; a sold-out one says why and cannot be chosen; choosing the chosen one again clears it. */
export function ColorPicker({
  option,
  value,
  onChange,
}: {
  option: OptionState;
  value: string;
  onChange: (color: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-medium">
        Colour{value && <span className="font-normal text-muted">: {value}</span>}
      </legend>
      <div className="flex flex-wrap gap-2">
        {option.values.map(({ value: c, available, reason }) => (
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
            {reason && <span className="text-xs">({reason})</span>}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
