import type { Product } from "./products.js";

/** A product as the API returns it, for the catalogue's unit tests. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: "Lawn Kurta",
    sku: "LK-1",
    description: "",
    price: "2500.00",
    originalPrice: null,
    category: "casual",
    sizes: ["S", "M"],
    colors: ["Red"],
    inStock: 1,
    featured: 0,
    createdAt: "2025-01-01T00:00:00.000Z",
    handle: "lawn-kurta",
    status: "active",
    publishAt: null,
    images: [],
    colorVariantImages: {},
    colorVariantStock: {},
    ...overrides,
  };
}
