import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatRs } from "@shared/rules/money.js";
import type { Product } from "@shared/schemas/products.js";
import { Input } from "@client/components/ui/input";
import { api } from "@client/lib/api";
import { catalogKeys } from "@client/lib/queries";
import { VariantPicker, type PickedLine } from "./variant-picker";

/**
 * Search the catalogue by name or SKU, choose a product, then its size, colour and quantity:
 * how an agent adds a line to an order taken by hand or to an order's changed items.
 */
export function ProductSearch({ onAdd }: { onAdd: (line: PickedLine) => void }) {
  const [q, setQ] = useState("");
  const [picked, setPicked] = useState<Product | null>(null);
  const term = q.trim();
  const found = useQuery({
    queryKey: catalogKeys.matches(term, 8),
    queryFn: () => api<Product[]>(`/api/products?q=${encodeURIComponent(term)}&limit=8`),
    enabled: term.length >= 2,
  });
  const add = (line: PickedLine) => {
    onAdd(line);
    setPicked(null);
    setQ("");
  };
  return (
    <>
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
    </>
  );
}
