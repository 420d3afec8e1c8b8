import { describe, expect, it } from "vitest";
import { checkImageFiles } from "./image-checks";

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe("checkImageFiles", () => {
  it("accepts JPEG, PNG and WebP files while the group stays within five", () => {
    const files = [file("a.jpg", "image/jpeg"), file("b.png", "image/png"), file("c.webp", "image/webp")];
    expect(checkImageFiles(files, 2)).toEqual({ accepted: files, error: null });
  });

  it("refuses another type with the spec's message naming the file", () => {
    const result = checkImageFiles([file("a.png", "image/png"), file("notes.gif", "image/gif")], 0);
    expect(result).toEqual({
      accepted: [],
      error: "Invalid file: notes.gif. Only JPEG, PNG, and WebP files under 10MB are allowed.",
    });
  });

  it("refuses a file over 10MB", () => {
    const result = checkImageFiles([file("huge.jpg", "image/jpeg", 10 * 1024 * 1024 + 1)], 0);
    expect(result.error).toBe("Invalid file: huge.jpg. Only JPEG, PNG, and WebP files under 10MB are allowed.");
  });

  it("refuses a sixth image in a group", () => {
    expect(checkImageFiles([file("f.png", "image/png"), file("g.png", "image/png")], 4)).toEqual({
      accepted: [],
      error: "Maximum 5 images allowed",
    });
  });
});
