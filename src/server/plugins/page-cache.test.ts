import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.js";

describe("PageCache", () => {
  it("never lets a flood of pages asked for once push out a page asked for twice", () => {
    const cache = new PageCache<string>(2, 3);
    cache.holdOnce("/product/1", "first render");
    expect(cache.get("/product/1")).toEqual({ page: "first render", kept: false });
    cache.keep("/product/1", "strongly compressed");
    for (let i = 0; i < 1000; i++) cache.holdOnce(`/shop?colors=junk-${i}`, "one-off");
    expect(cache.get("/product/1")).toEqual({ page: "strongly compressed", kept: true });
    // The one-off pages hold only their own places: the newest three.
    expect(cache.get("/shop?colors=junk-996")).toBeUndefined();
    expect(cache.get("/shop?colors=junk-997")?.kept).toBe(false);
  });

  it("drops the kept page asked for least recently when it must make room", () => {
    const cache = new PageCache<string>(2, 3);
    cache.keep("/a", "a");
    cache.keep("/b", "b");
    cache.get("/a");
    cache.keep("/c", "c");
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")?.kept).toBe(true);
    expect(cache.get("/c")?.kept).toBe(true);
  });
});
