import { MAX_SWATCHES } from "@shared/constants.js";
import { cn } from "@client/lib/cn";

const SWATCH_HEX: Record<string, string> = {
  red: "#c0392b",
  blue: "#2c5aa0",
  green: "#2e7d4f",
  yellow: "#e8c547",
  pink: "#e89cb4",
  purple: "#7b4a9e",
  black: "#1f1a17",
  white: "#ffffff",
  maroon: "#7a1f2b",
  beige: "#e3d3b8",
  cream: "#f4ecd8",
  gold: "#c9a24a",
  silver: "#c0c0c0",
  navy: "#1f2f55",
  grey: "#8a8a8a",
  gray: "#8a8a8a",
  brown: "#7a5134",
  orange: "#e07b39",
  peach: "#f3b89a",
  teal: "#2a8a8a",
  mint: "#a8dcc2",
  mustard: "#d0a02c",
  ivory: "#fbf6e9",
};

/** A colour name as a CSS colour: known names get the store's tones, others are tried as CSS names. */
export function swatchColour(name: string): string {
  const key = name.trim().toLowerCase();
  if (SWATCH_HEX[key]) return SWATCH_HEX[key];
  const compact = key.replace(/\s+/g, "");
  return typeof CSS !== "undefined" && CSS.supports?.("color", compact) ? compact : "#d6d0c8";
}

/** Up to three colour dots and '+N' for the rest (cards and wishlist). */
export function ColourSwatches({ colors, className }: { colors: string[]; className?: string }) {
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
          style={{ backgroundColor: swatchColour(c) }}
        />
      ))}
      {more > 0 && <span className="text-xs text-muted">+{more}</span>}
    </div>
  );
}
