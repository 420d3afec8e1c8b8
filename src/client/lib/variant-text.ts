import { COLOR_OPTION, SIZE_OPTION, variantLabel } from "@shared/catalogue/variants.js";

/** A cart line, quote line or order item as the server answers it: with the variant's options when it names one. */
export interface VariantLine {
  size: string;
  color: string;
  variantId?: number | null;
  options?: Record<string, string> | null;
}

const PLAIN = new Set([SIZE_OPTION, COLOR_OPTION]);

/**
 * "Stitched / M / Red" for a line whose variant has options beyond size and colour (from the
 * server's `options`); null for a plain size and colour line, which keeps today's "Size: M".
 */
export function variantText(line: VariantLine): string | null {
  const options = line.options ?? {};
  if (!Object.entries(options).some(([name, value]) => value && !PLAIN.has(name))) return null;
  return variantLabel(options);
}

/** "Lawn suit: Stitched / M / Red" for a variant line; "Kurta (M / Red)" as today for a plain one. */
export function itemText(line: VariantLine & { productName: string }): string {
  const variant = variantText(line);
  if (variant) return `${line.productName}: ${variant}`;
  const plain = [line.size, line.color].filter(Boolean).join(" / ");
  return plain ? `${line.productName} (${plain})` : line.productName;
}

/** The variant a line names, as a request carries it (`variantId`); nothing for a line without one. */
export function variantRef(line: object): { variantId?: number } {
  const id = (line as { variantId?: unknown }).variantId;
  return typeof id === "number" ? { variantId: id } : {};
}
