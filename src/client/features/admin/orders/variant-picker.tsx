import { useState } from "react";
import { unitsLeft, variantLabel } from "@shared/rules/stock.js";
import type { Product } from "@shared/schemas/products.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";

/** What a variant offers next to its name in the pickers: "M (3 left)", "M (sold out)". */
function stockNote(product: Product, size: string, color: string): string {
  if (!product.variantStock) return "";
  const units = product.variantStock
    .filter((s) => (!size || s.size === size) && (!color || s.color === color))
    .reduce((n, s) => n + s.quantity, 0);
  return units === 0 ? " (sold out)" : ` (${units} left)`;
}

/** One line of the order, as the picker hands it over. */
export interface PickedLine {
  product: Product;
  size: string;
  color: string;
  quantity: number;
}

/** The chosen product's size, colour and quantity, checked against its stock before it is added. */
export function VariantPicker({ product, onAdd }: { product: Product; onAdd: (line: PickedLine) => void }) {
  const [size, setSize] = useState(product.sizes[0] ?? "");
  const [color, setColor] = useState(product.colors[0] ?? "");
  const [quantity, setQuantity] = useState("1");
  const n = Number(quantity);
  const units = product.variantStock ? unitsLeft(product.variantStock, size, color) : null;
  const problem =
    !Number.isInteger(n) || n < 1 || n > 99
      ? "Quantity must be a whole number from 1 to 99"
      : units !== null && n > units
        ? units === 0
          ? `${variantLabel(product.name, size, color)} is sold out`
          : `Only ${units} left of ${variantLabel(product.name, size, color)}`
        : null;
  const add = () => {
    if (problem) return;
    onAdd({ product, size, color, quantity: n });
  };

  return (
    <div className="grid gap-2 sm:grid-cols-4">
      <p className="font-medium sm:col-span-4">{product.name}</p>
      {product.sizes.length > 0 && (
        <NativeSelect aria-label="Size" value={size} onChange={(e) => setSize(e.target.value)}>
          {product.sizes.map((s) => (
            <option key={s} value={s}>
              {s}
              {stockNote(product, s, color)}
            </option>
          ))}
        </NativeSelect>
      )}
      {product.colors.length > 0 && (
        <NativeSelect aria-label="Colour" value={color} onChange={(e) => setColor(e.target.value)}>
          {product.colors.map((c) => (
            <option key={c} value={c}>
              {c}
              {stockNote(product, size, c)}
            </option>
          ))}
        </NativeSelect>
      )}
      <Input aria-label="Quantity" inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
      <Button type="button" variant="outline" onClick={add} disabled={Boolean(problem)}>
        Add item
      </Button>
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-4">
          {problem}
        </p>
      )}
    </div>
  );
}
