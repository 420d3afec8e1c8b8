/**
 * `f=<Name>:<Value>` filters (decision 040): values of one name match any of them, different
 * names must all match. A token is the text a product's facet_tokens hold for that value.
 */
export const facetToken = (name: string, value: string) => `${name}:${value}`;

/** "Fabric:Lawn" → ["Fabric", "Lawn"]; null when there is no name or no value. */
export function splitFacetToken(token: string): [string, string] | null {
  const at = token.indexOf(":");
  if (at <= 0 || at === token.length - 1) return null;
  return [token.slice(0, at).trim(), token.slice(at + 1).trim()];
}

/** The chosen values by name, in the order first named, without repeats. */
export function groupFacetFilters(filters: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const filter of filters) {
    const parts = splitFacetToken(filter);
    if (!parts) continue;
    const [name, value] = parts;
    const values = groups.get(name) ?? [];
    if (!values.includes(value)) values.push(value);
    groups.set(name, values);
  }
  return groups;
}

/** `filters` with the value chosen or, when it already is, unchosen (what a checkbox does). */
export function toggleFacetFilter(filters: readonly string[], name: string, value: string): string[] {
  const token = facetToken(name, value);
  return filters.includes(token) ? filters.filter((f) => f !== token) : [...filters, token];
}

const KNOWN_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "Free Size"];
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Sizes in their own order (S before M before L), other values by number and then by letter. */
export function compareFacetValues(a: string, b: string): number {
  const [i, j] = [KNOWN_SIZES.indexOf(a), KNOWN_SIZES.indexOf(b)];
  if (i >= 0 || j >= 0) return (i < 0 ? Infinity : i) - (j < 0 ? Infinity : j) || collator.compare(a, b);
  return collator.compare(a, b);
}
