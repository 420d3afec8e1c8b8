import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * True while React renders on the server or hydrates the server's markup, false for anything
 * mounted in the browser afterwards. A component starts in the state the server rendered it in
 * when hydrating (no mismatch, no flash), and in its browser-only state otherwise.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}
