import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { readShopState, writeShopState, type ShopState } from "./shop-filters-state";

/**
 * The shop's filters, sort and view: held in React state so a control answers at once, and
 * written to the URL (replace, no scroll) so a reload or a shared link shows the same products.
 * A URL change that is not ours (a link to /shop, back/forward) is read back in.
 */
export function useShopState(): [ShopState, (patch: Partial<ShopState>) => void] {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState(() => readShopState(params));
  const pending = useRef<string | null>(null);
  const key = params.toString();

  useEffect(() => {
    if (pending.current !== null) {
      // Our own writes arriving; only the latest one ends the wait.
      if (key === pending.current) pending.current = null;
      return;
    }
    setState(readShopState(new URLSearchParams(key)));
  }, [key]);

  const update = (patch: Partial<ShopState>) => {
    // A new filter or sort starts again at the first page of its matches.
    const next = { ...state, page: 1, ...patch };
    const nextParams = writeShopState(next);
    setState(next);
    if (nextParams.toString() === key) return;
    pending.current = nextParams.toString();
    setParams(nextParams, { replace: true, preventScrollReset: true });
  };
  return [state, update];
}
