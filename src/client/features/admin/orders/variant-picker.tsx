import { useState } from "react";
import type { Product } from "@shared/schemas/products.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { COLOR, productOptions, productVariants, SIZE, type SoldVariant } from "@client/lib/product-variants";
import { itemText } from "@client/lib/variant-text";

/** One line of the order, as the picker hands it over. */
export interface PickedLine {
  product: Product;
  size: string;
  color: string;
  quantity: number;
  /** The variant and its options, when the product's answer names its variants. */
  variantId?: number;
  options?: Record<string, string>;
  /** The variant's unit price, as shown while picking (the server prices the order). */
  price: string;
}

/** What a value offers next to its name: "M (3 left)", "M (sold out)" (counted stock only). */
function stockNote(variants: SoldVariant[]): string {
  if (variants.length === 0) return " (not sold)";
  if (variants.every((v) => v.stock == null)) return variants.some((v) => v.available) ? "" : " (sold out)";
  const units = variants.reduce((n, v) => n + (v.stock ?? 0), 0);
  return units === 0 ? " (sold out)" : ` (${units} left)`;
}

/** The chosen product's options (size, colour, make, ...) and quantity, checked against its stock before it is added. */
export function VariantPicker({ product, onAdd }: { product: Product; onAdd: (line: PickedLine) => void }) {
  const options = productOptions(product);
  const variants = productVariants(product);
  const [choice, setChoice] = useState<Record<string, string>>(() =>
    Object.fromEntries(options.map((o) => [o.name, o.values[0] ?? ""])),
  );
  const [quantity, setQuantity] = useState("1");
  const n = Number(quantity);
  const fits = (v: SoldVariant, except?: string) =>
    options.every((o) => o.name === except || (v.options[o.name] ?? "") === choice[o.name]);
  const variant = variants.find((v) => fits(v));
  const name = itemText({
    productName: product.name,
    size: choice[SIZE] ?? "",
    color: choice[COLOR] ?? "",
    options: choice,
  });
  const units = variant?.stock ?? null;
  const problem = !variant
    ? `${name} is not sold`
    : !Number.isInteger(n) || n < 1 || n > 99
      ? "Quantity must be a whole number from 1 to 99"
      : !variant.available || (units !== null && n > units)
        ? units
          ? `Only ${units} left of ${name}`
          : `${name} is sold out`
        : null;
  const add = () => {
    if (problem || !variant) return;
    onAdd({
      product,
      size: variant.options[SIZE] ?? "",
      color: variant.options[COLOR] ?? "",
      quantity: n,
      ...(variant.id !== undefined ? { variantId: variant.id, options: variant.options } : {}),
      price: variant.price,
    });
  };

  return (
    <div className="grid gap-2 sm:grid-cols-4">
      <p className="font-medium sm:col-span-4">{product.name}</p>
      {options.map((o) => (
        <NativeSelect
          key={o.name}
          aria-label={o.name === COLOR ? "Colour" : o.name}
          value={choice[o.name]}
          onChange={(e) => setChoice({ ...choice, [o.name]: e.target.value })}
        >
          {o.values.map((value) => (
            <option key={value} value={value}>
              {value}
              {stockNote(variants.filter((v) => v.options[o.name] === value && fits(v, o.name)))}
            </option>
          ))}
        </NativeSelect>
      ))}
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
