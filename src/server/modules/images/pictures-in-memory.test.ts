import { describe, expect, it } from "vitest";
import { PicturesInMemory } from "./pictures-in-memory.js";

const picture = (bytes: number, isPrivate = false) => ({
  mimeType: "image/webp",
  bytes: Buffer.alloc(bytes, 1),
  private: isPrivate,
});

describe("public pictures kept in memory", () => {
  it("reads a public picture from the database once, and each rendition apart", async () => {
    const pictures = new PicturesInMemory();
    let reads = 0;
    const load = async () => (reads++, picture(100));
    for (let i = 0; i < 3; i++) await pictures.read("a", "card", load);
    await pictures.read("a", undefined, load);
    expect(reads).toBe(2);
  });

  it("never keeps a private picture (a return photo): each read goes to the database, where staff access is checked", async () => {
    const pictures = new PicturesInMemory();
    let reads = 0;
    const load = async () => (reads++, picture(100, true));
    for (let i = 0; i < 3; i++) expect((await pictures.read("p", undefined, load))?.private).toBe(true);
    expect(reads).toBe(3);
    expect(pictures.size).toBe(0);
  });

  it("keeps no answer for a picture that does not exist", async () => {
    const pictures = new PicturesInMemory();
    let reads = 0;
    for (let i = 0; i < 2; i++) expect(await pictures.read("x", "card", async () => (reads++, null))).toBeNull();
    expect(reads).toBe(2);
  });

  it("holds at most its bound: the least recently served go first", async () => {
    const pictures = new PicturesInMemory();
    const big = 5 * 1024 * 1024;
    for (let i = 0; i < 10; i++) await pictures.read(`p${i}`, undefined, async () => picture(big));
    expect(pictures.size).toBeLessThanOrEqual(6);
    let reads = 0;
    await pictures.read("p0", undefined, async () => (reads++, picture(big)));
    expect(reads).toBe(1);
  });
});
