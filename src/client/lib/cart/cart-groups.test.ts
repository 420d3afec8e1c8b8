import { describe, expect, it } from "vitest";
import type { CartItem } from "@shared/schemas/cart.js";
import { checkoutHref, groupCartLines, groupsTotal, lineImage } from "./cart-groups";

const image = (id: string) => ({
  id,
  url: `/api/images/${id}`,
  filename: `${id}.webp`,
  mimeType: "image/webp",
  width: 800,
  height: 1000,
  edgeColor: "#fff",
});

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 1,
    productId: 7,
    quantity: 1,
    size: "M",
    color: "Red",
    selectedImage: null,
    sessionId: "s",
    product: {
      name: "Silk Kurta",
      handle: "silk-kurta",
      sku: "SK-1",
      price: "2500.00",
      images: [image("a"), image("b")],
    },
    ...overrides,
  };
}

describe("groupCartLines", () => {
  it("merges lines of the same product, size, colour and image and sums their quantities", () => {
    const groups = groupCartLines([line({ id: 1, quantity: 2 }), line({ id: 2, quantity: 3, size: " M " })]);
    expect(groups).toHaveLength(1);
    expect(groups[0].quantity).toBe(5);
    expect(groups[0].lineTotal).toBe(12500);
    expect(groups[0].lines.map((l) => l.id)).toEqual([1, 2]);
  });

  it("keeps lines apart when the size, colour or selected image differ", () => {
    const groups = groupCartLines([
      line({ id: 1 }),
      line({ id: 2, size: "L" }),
      line({ id: 3, color: "Blue" }),
      line({ id: 4, selectedImage: JSON.stringify(image("b")) }),
    ]);
    expect(groups).toHaveLength(4);
    expect(groupsTotal(groups)).toBe(10000);
  });
});

describe("lineImage", () => {
  it("uses the selected image, else the product's first image", () => {
    expect(lineImage(line({ selectedImage: JSON.stringify(image("b")) }))?.id).toBe("b");
    expect(lineImage(line({ selectedImage: "not json" }))?.id).toBe("a");
    expect(lineImage(line({ product: { name: "x", handle: "x", sku: "x", price: "1", images: [] } }))).toBeNull();
  });
});

describe("checkoutHref", () => {
  it("carries every line of the selected groups as URL-encoded JSON", () => {
    const href = checkoutHref(groupCartLines([line({ id: 1 }), line({ id: 2 })]));
    expect(href.startsWith("/checkout?items=")).toBe(true);
    const items = JSON.parse(decodeURIComponent(href.slice("/checkout?items=".length)));
    expect(items.map((i: CartItem) => i.id)).toEqual([1, 2]);
    expect(items[0].product.images).toHaveLength(1);
  });
});
