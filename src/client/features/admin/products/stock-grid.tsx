import { useState } from "react";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { variantKey } from "@shared/rules/stock.js";
import { splitList, type ProductDraft } from "./product-draft";

/**
 * Quantities per size × colour (decision 007). Off by default: the spec's In Stock flags rule. On,
 * the shop sells only what is counted here and orders take from it; "Stop tracking" goes back.
 */
export function StockGrid({
  draft,
  onChange,
}: {
  draft: ProductDraft;
  onChange: (patch: Partial<ProductDraft>) => void;
}) {
  const [fill, setFill] = useState("");
  const sizes = splitList(draft.sizes);
  const colors = splitList(draft.colors);
  const rows = sizes.length ? sizes : [""];
  const columns = colors.length ? colors : [""];

  if (draft.stock === null) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-ink/20 p-4">
        <p className="text-sm text-muted">Stock is not counted: the In Stock flags below decide what can be bought.</p>
        <Button type="button" variant="outline" onClick={() => onChange({ stock: {} })}>
          Count stock per size and colour
        </Button>
      </div>
    );
  }
  const stock = draft.stock;
  const set = (key: string, value: string) => onChange({ stock: { ...stock, [key]: value } });
  const fillAll = () => {
    const value = fill.trim();
    if (!/^\d+$/.test(value)) return;
    const next: Record<string, string> = {};
    for (const size of rows) for (const color of columns) next[variantKey(size, color)] = value;
    onChange({ stock: next });
  };

  return (
    <fieldset className="space-y-3 rounded-xl border border-ink/10 p-4">
      <legend className="px-1 text-sm font-medium">Stock per size and colour</legend>
      <div className="overflow-x-auto">
        <table className="text-sm">
          <thead>
            <tr>
              <th className="p-1 text-left font-normal text-muted">{sizes.length ? "Size" : ""}</th>
              {columns.map((c) => (
                <th key={c} scope="col" className="p-1 text-left font-medium">
                  {c || "Units"}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((size) => (
              <tr key={size}>
                <th scope="row" className="p-1 pr-3 text-left font-medium">
                  {size || "—"}
                </th>
                {columns.map((color) => {
                  const key = variantKey(size, color);
                  const label = ["Stock", size, color].filter(Boolean).join(" ");
                  return (
                    <td key={color} className="p-1">
                      <Input
                        aria-label={label}
                        inputMode="numeric"
                        className="w-20"
                        value={stock[key] ?? ""}
                        placeholder="0"
                        onChange={(e) => set(key, e.target.value)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label="Quantity for every size and colour"
          inputMode="numeric"
          className="w-24"
          placeholder="e.g. 10"
          value={fill}
          onChange={(e) => setFill(e.target.value)}
        />
        <Button type="button" variant="outline" onClick={fillAll}>
          Fill all
        </Button>
        <Button type="button" variant="ghost" className="ml-auto" onClick={() => onChange({ stock: null })}>
          Stop tracking stock
        </Button>
      </div>
      <p className="text-xs text-muted">
        Counts are what is on the shelf now; orders take from them and cancelled or returned orders give back. Stopping
        forgets the counts and the In Stock flags decide again.
      </p>
    </fieldset>
  );
}
