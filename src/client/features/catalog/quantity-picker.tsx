import { Minus, Plus } from "lucide-react";
import { MAX_QUANTITY } from "@shared/rules/cart-line.js";

/** How many to add, from one up to the cart's limit or the units left, typed or stepped. */
export function QuantityPicker({
  value,
  onChange,
  max = MAX_QUANTITY,
}: {
  value: number;
  onChange: (quantity: number) => void;
  /** Units left of the chosen variant, when fewer than the cart's own limit. */
  max?: number;
}) {
  const limit = Math.max(1, Math.min(MAX_QUANTITY, max));
  const set = (n: number) => onChange(Math.min(limit, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1))));
  return (
    <div>
      <label htmlFor="quantity" className="mb-3 block text-sm font-medium">
        Quantity
      </label>
      <div className="inline-flex items-center rounded-full bg-white ring-1 ring-ink/15">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={value <= 1}
          onClick={() => set(value - 1)}
          className="grid h-11 w-11 place-items-center rounded-full hover:bg-ink/5 disabled:opacity-40"
        >
          <Minus className="h-4 w-4" aria-hidden />
        </button>
        <input
          id="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={limit}
          value={value}
          onChange={(e) => set(e.target.valueAsNumber)}
          className="w-12 appearance-none bg-transparent text-center text-base [appearance:textfield] focus-visible:outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={value >= limit}
          onClick={() => set(value + 1)}
          className="grid h-11 w-11 place-items-center rounded-full hover:bg-ink/5 disabled:opacity-40"
        >
          <Plus className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </div>
  );
}
