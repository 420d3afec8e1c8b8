/** The store's tones for the colour names its products use (cards' and the wishlist's dots). */
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

/** A dot for a colour CSS does not know either. */
export const UNKNOWN_SWATCH = "#d6d0c8";

/** The store's tone of a colour name, or undefined for a name it has no tone for. */
export function swatchHex(name: string): string | undefined {
  return SWATCH_HEX[name.trim().toLowerCase()];
}

/** A colour name as a CSS colour to try (lower case, no spaces): 'Sky Blue' → 'skyblue'. */
export function cssColorName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "");
}
