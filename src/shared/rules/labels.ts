/** 'formal' → 'Formal', 'eveningWear' → 'Evening Wear' (spec: first letter up, camel case split). */
export function categoryLabel(category: string): string {
  const spaced = category
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export interface CollectionCopy {
  title: string;
  subtitle: string;
}

const KNOWN_COLLECTIONS: Record<string, CollectionCopy> = {
  formal: { title: "Formal Collection", subtitle: "Premium formal wear for professional occasions" },
  casual: { title: "Casual Collection", subtitle: "Comfortable and stylish everyday elegance" },
  party: { title: "Party Collection", subtitle: "Glamorous outfits for special celebrations" },
  accessories: {
    title: "Accessories Collection",
    subtitle: "Complete your look with our curated accessories",
  },
};

export function collectionCopy(category: string): CollectionCopy {
  return (
    KNOWN_COLLECTIONS[category.toLowerCase()] ?? {
      title: "Collection",
      subtitle: "Discover our premium collection",
    }
  );
}

/** Category slug: lower-cased, spaces turned into hyphens. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Order number shown to people: the first 8 characters of the id, upper-cased in tracking. */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

export const RATING_LABELS = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;

export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
