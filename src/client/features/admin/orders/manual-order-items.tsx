import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Trash2 } from "lucide-react";
import { formatRs } from "@shared/rules/money.js";
import type { Product } from "@shared/schemas/products.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { api } from "@client/lib/api";
import { catalogKeys } from "@client/lib/queries";
import { itemText } from "@client/lib/variant-text";
import { VariantPicker } from "./variant-picker";

export interface ManualLine {
  product: Pick<Product, "id" | "name" | "price">;
  size: string;
  color: string;
  quantity: number;
  variantId?: number;
  options?: Record<string, string>;
  /** The variant's unit price while picking; the server prices the order. */
  price: string;
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
  const term = q.trim();
  const found = useQuery({
    queryKey: catalogKeys.matches(term, 8),
    queryFn: () => api<Product[]>(`/api/products?q=${encodeURIComponent(term)}&limit=8`),
    enabled: term.length >= 2,
  });

  const add = (line: ManualLine) => {
    onChange([...lines, line]);
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
              <button type="button" className="w-full p-2 text-left hover:bg-ink/5" onClick={() => setPicked(p)}>
                {p.name}{" "}
                <span className="text-muted">
                  · {p.sku || "no SKU"} · {formatRs(p.price)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && <VariantPicker key={picked.id} product={picked} onAdd={add} />}
      {lines.length > 0 && (
        <ul className="divide-y divide-ink/5 text-sm" aria-label="Items in this order">
          {lines.map((l, i) => (
            <li key={i} className="flex items-center gap-2 py-2">
              <span className="flex-1">
                {l.quantity} × {itemText({ ...l, productName: l.product.name })}
              </span>
              <span className="text-muted">{formatRs(Number(l.price) * l.quantity)}</span>
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
