import { useSyncExternalStore } from "react";
import { readStored, STORAGE_KEYS, writeStored } from "@client/lib/storage";

/**
 * The wishlist: product ids in localStorage, without duplicates. One in-memory snapshot shared
 * through useSyncExternalStore, so the nav badge, the cards and the wishlist page agree at once;
 * the 'storage' event keeps other tabs in step.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: readonly number[] | null = null;

/** The empty wishlist, one value: the server's snapshot and a new shopper's are the same, so hydrating re-renders nothing. */
const empty: readonly number[] = [];

function clean(value: unknown): readonly number[] {
  if (!Array.isArray(value)) return empty;
  const ids = [...new Set(value.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
  return ids.length > 0 ? ids : empty;
}

export function getWishlist(): readonly number[] {
  snapshot ??= clean(readStored<unknown>(STORAGE_KEYS.wishlist, []));
  return snapshot;
}

function setWishlist(ids: readonly number[]): void {
  snapshot = clean(ids);
  writeStored(STORAGE_KEYS.wishlist, snapshot);
  listeners.forEach((l) => l());
}

/** Adds the product if missing, removes it if present; returns whether it is now in the wishlist. */
export function toggleWishlist(productId: number): boolean {
  const ids = getWishlist();
  const present = ids.includes(productId);
  setWishlist(present ? ids.filter((id) => id !== productId) : [...ids, productId]);
  return !present;
}

export function removeFromWishlist(productId: number): void {
  setWishlist(getWishlist().filter((id) => id !== productId));
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== STORAGE_KEYS.wishlist) return;
  snapshot = null;
  listeners.forEach((l) => l());
}

function subscribe(listener: Listener): () => void {
  if (listeners.size === 0 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

export function useWishlist(): readonly number[] {
  return useSyncExternalStore(subscribe, getWishlist, () => empty);
}

export function useIsWishlisted(productId: number): boolean {
  return useWishlist().includes(productId);
}
