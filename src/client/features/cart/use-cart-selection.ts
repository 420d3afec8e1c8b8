import { useMemo, useState } from "react";
import type { CartGroup } from "@client/lib/cart/cart-groups";

/**
 * Selection per merged group. Every group starts selected (a shopper usually buys what is in the
 * cart); groups that disappear drop out, groups added later start unselected once the shopper
 * has made a choice.
 */
export function useCartSelection(groups: readonly CartGroup[]) {
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const keys = useMemo(() => groups.map((g) => g.key), [groups]);
  const selected = useMemo(() => new Set(chosen === null ? keys : keys.filter((k) => chosen.has(k))), [chosen, keys]);
  const allSelected = keys.length > 0 && selected.size === keys.length;

  return {
    selected,
    allSelected,
    toggle(key: string, on: boolean) {
      const next = new Set(selected);
      if (on) next.add(key);
      else next.delete(key);
      setChosen(next);
    },
    setAll(on: boolean) {
      setChosen(new Set(on ? keys : []));
    },
  };
}
