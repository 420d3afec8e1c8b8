import { describe, expect, it } from "vitest";
import { makeProduct } from "../schemas/test-products.js";
import { newestPerCategory } from "./home-products.js";

const picture = {
  id: "p",
  url: "/api/images/p",
  filename: "p.webp",
  mimeType: "image/webp",
  width: 800,
  height: 1067,
  edgeColor: "#fff",
};

describe("newestPerCategory", () => {
  it("keeps one product per category, the newest, newest category first", () => {
    const list = [
      makeProduct({ id: 1, category: "formal", createdAt: "2025-01-01T00:00:00Z" }),
      makeProduct({ id: 2, category: "formal", createdAt: "2025-03-01T00:00:00Z" }),
      makeProduct({ id: 3, category: "party", createdAt: "2025-02-01T00:00:00Z" }),
    ];
    expect(newestPerCategory(list).map((p) => p.id)).toEqual([2, 3]);
    expect(list.map((p) => p.id)).toEqual([1, 2, 3]); // the list it was given is left as it was
  });

  it("breaks a tie in time by the higher id", () => {
    const at = "2025-01-01T00:00:00Z";
    const list = [makeProduct({ id: 4, createdAt: at }), makeProduct({ id: 7, createdAt: at })];
    expect(newestPerCategory(list).map((p) => p.id)).toEqual([7]);
  });

  it("puts those with a picture first, newest first among each", () => {
    const pictured = (id: number, category: string, createdAt: string) =>
      makeProduct({ id, category, createdAt, images: [picture] });
    const bare = makeProduct({ id: 9, category: "accessories", createdAt: "2025-06-01T00:00:00Z" });
    const list = [pictured(5, "formal", "2025-04-01T00:00:00Z"), bare, pictured(6, "party", "2025-05-01T00:00:00Z")];
    expect(newestPerCategory(list).map((p) => p.id)).toEqual([6, 5, 9]);
  });
});
