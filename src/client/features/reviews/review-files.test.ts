import { describe, expect, it } from "vitest";
import { checkReviewFiles } from "./review-files";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("checkReviewFiles", () => {
  it("accepts up to five JPEG, PNG or WebP images", () => {
    expect(
      checkReviewFiles(2, [file("a.jpg", "image/jpeg"), file("b.png", "image/png"), file("c.webp", "image/webp")]),
    ).toEqual({ ok: true });
  });

  it("refuses a sixth image with the spec's message", () => {
    expect(checkReviewFiles(4, [file("a.jpg", "image/jpeg"), file("b.jpg", "image/jpeg")])).toEqual({
      ok: false,
      title: "Too many images",
      description: "You can upload up to 5 images only.",
    });
  });

  it("refuses other types and files over 10 MB, naming the file", () => {
    const gif = checkReviewFiles(0, [file("party.gif", "image/gif")]);
    expect(gif.ok === false && gif.description).toContain("party.gif");
    expect(checkReviewFiles(0, [file("big.jpg", "image/jpeg", 10 * 1024 * 1024 + 1)]).ok).toBe(false);
    expect(checkReviewFiles(0, [file("exact.jpg", "image/jpeg", 10 * 1024 * 1024)]).ok).toBe(true);
  });

  it("falls back to the extension when the browser gives no type", () => {
    expect(checkReviewFiles(0, [file("photo.JPEG", "")]).ok).toBe(true);
    expect(checkReviewFiles(0, [file("notes.txt", "")]).ok).toBe(false);
  });
});
