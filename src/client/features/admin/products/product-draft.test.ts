import { describe, expect, it } from "vitest";
import type { ImageRef } from "@shared/schemas/common.js";
import { variantKey } from "@shared/rules/stock.js";
import { productInput } from "@shared/schemas/products.js";
import { buildProductForm, draftStock, emptyDraft, splitList, type ProductDraft } from "./product-draft";

const ref = (id: string): ImageRef => ({
  id,
  url: `/api/images/${id}`,
  filename: `${id}.png`,
  mimeType: "image/png",
  width: 10,
  height: 10,
  edgeColor: "#fff",
});
const file = (name: string) => new File([new Uint8Array(4)], name, { type: "image/png" });

describe("splitList", () => {
  it("splits on commas, trims, and drops empty and repeated entries", () => {
    expect(splitList(" S, M ,,L, M ,")).toEqual(["S", "M", "L"]);
  });
});

describe("buildProductForm", () => {
  const draft: ProductDraft = {
    ...emptyDraft("formal"),
    name: "Silk Kurta",
    price: "4500",
    originalPrice: "",
    sizes: "S, M",
    colors: "Red, Blue, Green",
    colorStock: { Blue: false, Pink: false },
    images: [
      { kind: "existing", ref: ref("a") },
      { kind: "new", file: file("new.png"), previewUrl: "blob:x" },
    ],
    colorImages: {
      Red: [{ kind: "new", file: file("red.png"), previewUrl: "blob:y" }],
      Pink: [{ kind: "existing", ref: ref("p") }],
    },
    featured: "1",
  };
  const form = buildProductForm(draft, "formal");
  const data = JSON.parse(String(form.get("productData")));

  it("keeps existing images by id and sends new files as 'images' parts", () => {
    expect(data.images).toEqual(["a"]);
    expect((form.getAll("images") as File[]).map((f) => f.name)).toEqual(["new.png"]);
  });

  it("sends a colour's new files in that colour's field and drops colours no longer listed", () => {
    expect((form.getAll("colorImages[Red]") as File[]).map((f) => f.name)).toEqual(["red.png"]);
    expect(data.colorVariantImages).toEqual({ Red: [], Blue: [], Green: [] });
  });

  it("marks a colour in stock unless it was unticked", () => {
    expect(data.colorVariantStock).toEqual({ Red: true, Blue: false, Green: true });
  });

  it("leaves a blank original price out (none, to the server) and sends the flags as 1 or 0", () => {
    expect(data).not.toHaveProperty("originalPrice");
    expect(productInput.parse(data).originalPrice).toBeNull();
    expect(data).toMatchObject({ inStock: 1, featured: 1, sizes: ["S", "M"], category: "formal" });
  });

  it("asks the server to keep exactly the images the dialog shows", () => {
    expect(form.get("replaceImages")).toBe("true");
  });
});

describe("draftStock", () => {
  it("sends every size × colour typed, blanks as 0, and null when stock is not counted", () => {
    const base = { ...emptyDraft("formal"), sizes: "S, M", colors: "Red" };
    expect(draftStock(base)).toBeNull();
    expect(draftStock({ ...base, stock: { [variantKey("S", "Red")]: " 4 " } })).toEqual([
      { size: "S", color: "Red", quantity: 4 },
      { size: "M", color: "Red", quantity: 0 },
    ]);
  });
});
