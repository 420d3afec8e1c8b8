import { Trash2 } from "lucide-react";
import { formatRs } from "@shared/rules/money.js";
import type { Quote } from "@shared/schemas/checkout.js";
import type { Product } from "@shared/schemas/products.js";
import { Button } from "@client/components/ui/button";
import { itemText } from "@client/lib/variant-text";
import { ProductSearch } from "./product-search";

export interface ManualLine {
  product: Pick<Product, "id" | "name" | "price">;
  size: string;
  color: string;
  quantity: number;
  variantId?: number;
  options?: Record<string, string>;
  /** The variant's catalogue price while picking; the server prices the order (and the quote shows it). */
  price: string;
}

/**
 * Search the catalogue, pick size, colour and quantity, and list the lines to order, each at the
 * unit price the server quoted (POST /api/checkout/quote; the browser never computes money).
 */
export function ManualOrderItems({
  lines,
  quote,
  onChange,
}: {
  lines: ManualLine[];
  /** The server's price of exactly these lines, in their order; undefined while it is asked. */
  quote: Quote | undefined;
  onChange: (lines: ManualLine[]) => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-ink/10 p-4">
      <legend className="px-1 text-sm font-medium">Items</legend>
      <ProductSearch onAdd={(line) => onChange([...lines, line])} />
      {lines.length > 0 && (
        <ul className="divide-y divide-ink/5 text-sm" aria-label="Items in this order">
          {lines.map((l, i) => (
            <li key={i} className="flex items-center gap-2 py-2">
              <span className="flex-1">
                {l.quantity} × {itemText({ ...l, productName: l.product.name })}
              </span>
              <span className="text-muted tabular-nums" data-testid="manual-line-price">
                {quote?.lines[i] ? `${formatRs(quote.lines[i].price)} each` : "…"}
              </span>
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
