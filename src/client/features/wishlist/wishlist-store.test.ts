import { beforeEach, describe, expect, it, vi } from "vitest";

const store = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});

async function freshModule() {
  vi.resetModules();
  return import("./wishlist-store");
}

describe("wishlist store", () => {
  beforeEach(() => store.clear());

  it("toggles a product in and out and persists the ids", async () => {
    const w = await freshModule();
    expect(w.toggleWishlist(7)).toBe(true);
    expect(w.getWishlist()).toEqual([7]);
    expect(JSON.parse(store.get("store.wishlist")!)).toEqual([7]);
    expect(w.toggleWishlist(7)).toBe(false);
    expect(w.getWishlist()).toEqual([]);
  });

  it("reads back what an earlier page saved, dropping duplicates and junk", async () => {
    store.set("store.wishlist", JSON.stringify([3, 3, "4", null, -1, "x"]));
    const w = await freshModule();
    expect(w.getWishlist()).toEqual([3, 4]);
  });

  it("survives unreadable storage as an empty list", async () => {
    store.set("store.wishlist", "{not json");
    const w = await freshModule();
    expect(w.getWishlist()).toEqual([]);
    w.toggleWishlist(1);
    w.removeFromWishlist(1);
    expect(w.getWishlist()).toEqual([]);
  });
});
