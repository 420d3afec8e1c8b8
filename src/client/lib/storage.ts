import { randomUuid } from "./random-uuid";

/** localStorage that never throws (private mode, full quota): the store keeps working without it. */
export function readStored<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: the value lives for this page only */
  }
}

export const STORAGE_KEYS = {
  cartSession: "store.cart.session",
  wishlist: "store.wishlist",
  adminFlag: "store.admin",
} as const;

/** The browser's random cart session id (spec: a UUID created on the client). */
export function cartSessionId(): string {
  let id = readStored<string | null>(STORAGE_KEYS.cartSession, null);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    id = randomUuid();
    writeStored(STORAGE_KEYS.cartSession, id);
  }
  return id;
}
