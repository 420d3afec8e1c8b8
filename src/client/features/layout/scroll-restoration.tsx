import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Scroll positions by history entry, and the entry now shown (for the scroll listener). */
const positions = new Map<string, number>();
let shown = "";

/** New pages start at the top (or at their #hash); back and forward restore where the shopper was. */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    const save = () => positions.set(shown, window.scrollY);
    window.addEventListener("scroll", save, { passive: true });
    return () => window.removeEventListener("scroll", save);
  }, []);

  useLayoutEffect(() => {
    shown = key;
    const saved = positions.get(key);
    if (type === "POP" && saved !== undefined) return window.scrollTo(0, saved);
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) return target.scrollIntoView();
    if (type !== "POP") window.scrollTo(0, 0);
  }, [key, hash, type]);

  return null;
}
