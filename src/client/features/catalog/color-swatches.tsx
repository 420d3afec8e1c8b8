import { MAX_SWATCHES } from "@shared/constants.js";
import { cssColorName, swatchHex, UNKNOWN_SWATCH } from "@shared/rules/swatches.js";
import { cn } from "@client/lib/cn";

/** A colour name as a CSS colour: known names get the store's tones, others are tried as CSS names. */
export function swatchColor(name: string): string {
  const hex = swatchHex(name);
  if (hex) return hex;
  const compact = cssColorName(name);
  return typeof CSS !== "undefined" && CSS.supports?.("color", compact) ? compact : UNKNOWN_SWATCH;
}

/** Up to three colour dots and '+N' for the rest (cards and wishlist). */
export function ColorSwatches({ colors, className }: { colors: string[]; className?: string }) {
  if (colors.length === 0) return null;
  const shown = colors.slice(0, MAX_SWATCHES);
  const more = colors.length - shown.length;
  return (
    <div className={cn("flex items-center gap-1.5", className)} aria-label={`Colours: ${colors.join(", ")}`} role="img">
      {shown.map((c) => (
        <span
          key={c}
          title={c}
          className="h-4 w-4 rounded-full border border-ink/15 shadow-inner"
          style={{ backgroundColor: swatchColor(c) }}
        />
      ))}
      {more > 0 && <span className="text-xs text-muted">+{more}</span>}
    </div>
  );
}
