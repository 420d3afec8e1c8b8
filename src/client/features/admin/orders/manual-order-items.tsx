import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Trash2 } from "lucide-react";
import { formatRs } from "@shared/rules/money.js";
import { unitsLeft, variantLabel } from "@shared/rules/stock.js";
import type { Product } from "@shared/schemas/products.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { api } from "@client/lib/api";
import { catalogKeys } from "@client/lib/queries";

export interface ManualLine {
  product: Pick<Product, "id" | "name" | "price">;
  size: string;
  color: string;
  quantity: number;
}

/** What a variant offers next to its name in the pickers: "M (3 left)", "M (sold out)". */
function stockNote(product: Product, size: string, color: string): string {
  if (!product.variantStock) return "";
  const units = product.variantStock
    .filter((s) => (!size || s.size === size) && (!color || s.color === color))
    .reduce((n, s) => n + s.quantity, 0);
  return units === 0 ? " (sold out)" : ` (${units} left)`;
}

/** Search the catalogue, pick size, colour and quantity, and list the lines to order. */
export function ManualOrderItems({
  lines,
  onChange,
}: {
  lines: ManualLine[];
  onChange: (lines: ManualLine[]) => void;
}) {
  const [q, setQ] = useState("");
  const [picked, setPicked] = useState<Product | null>(null);
  const [size, setSize] = useState("");
  const [color, setColor] = useState("");
  const [quantity, setQuantity] = useState("1");
  const term = q.trim();
  const found = useQuery({
    queryKey: catalogKeys.matches(term, 8),
    queryFn: () => api<Product[]>(`/api/products?q=${encodeURIComponent(term)}&limit=8`),
    enabled: term.length >= 2,
  });

  const choose = (p: Product) => {
    setPicked(p);
    setSize(p.sizes[0] ?? "");
    setColor(p.colors[0] ?? "");
    setQuantity("1");
  };
  const n = Number(quantity);
  const units = picked?.variantStock ? unitsLeft(picked.variantStock, size, color) : null;
  const problem = !picked
    ? null
    : !Number.isInteger(n) || n < 1 || n > 99
      ? "Quantity must be a whole number from 1 to 99"
      : units !== null && n > units
        ? units === 0
          ? `${variantLabel(picked.name, size, color)} is sold out`
          : `Only ${units} left of ${variantLabel(picked.name, size, color)}`
        : null;
  const add = () => {
    if (!picked || problem) return;
    onChange([...lines, { product: picked, size, color, quantity: n }]);
    setPicked(null);
    setQ("");
  };

  return (
    <fieldset className="space-y-3 rounded-xl border border-ink/10 p-4">
      <legend className="px-1 text-sm font-medium">Items</legend>
      <Input
        aria-label="Search products"
        placeholder="Search products by name or SKU"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {term.length >= 2 && !picked && (
        <ul className="max-h-48 overflow-y-auto rounded-lg border border-ink/10 text-sm" aria-label="Products found">
          {found.data?.length === 0 && <li className="p-2 text-muted">No product matches "{term}".</li>}
          {found.data?.map((p) => (
            <li key={p.id}>
              <button type="button" className="w-full p-2 text-left hover:bg-ink/5" onClick={() => choose(p)}>
                {p.name}{" "}
                <span className="text-muted">
                  · {p.sku || "no SKU"} · {formatRs(p.price)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && (
        <div className="grid gap-2 sm:grid-cols-4">
          <p className="font-medium sm:col-span-4">{picked.name}</p>
          {picked.sizes.length > 0 && (
            <NativeSelect aria-label="Size" value={size} onChange={(e) => setSize(e.target.value)}>
              {picked.sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                  {stockNote(picked, s, color)}
                </option>
              ))}
            </NativeSelect>
          )}
          {picked.colors.length > 0 && (
            <NativeSelect aria-label="Colour" value={color} onChange={(e) => setColor(e.target.value)}>
              {picked.colors.map((c) => (
                <option key={c} value={c}>
                  {c}
                  {stockNote(picked, size, c)}
                </option>
              ))}
            </NativeSelect>
          )}
          <Input
            aria-label="Quantity"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
          <Button type="button" variant="outline" onClick={add} disabled={Boolean(problem)}>
            Add item
          </Button>
          {problem && (
            <p role="alert" className="text-sm text-red-700 sm:col-span-4">
              {problem}
            </p>
          )}
        </div>
      )}
      {lines.length > 0 && (
        <ul className="divide-y divide-ink/5 text-sm" aria-label="Items in this order">
          {lines.map((l, i) => (
            <li key={i} className="flex items-center gap-2 py-2">
              <span className="flex-1">
                {l.quantity} × {variantLabel(l.product.name, l.size, l.color)}
              </span>
              <span className="text-muted">{formatRs(Number(l.product.price) * l.quantity)}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${l.product.name}`}
                onClick={() => onChange(lines.filter((_, j) => j !== i))}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
