import { Trash2 } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import type { ImageRef } from "@shared/schemas/common.js";
import { fieldError } from "./field-errors";
import { rowLabel, type DraftVariant } from "./variant-draft";

type Option = { name: string; values: string[] };
const cell = "p-1 align-top";

/** One row per combination on sale: price, compare-at price, SKU, stock (when counted), picture; removing one stops selling it. */
export function VariantsTable({
  options,
  variants,
  counted,
  pictures,
  errors,
  onChange,
}: {
  options: Option[];
  variants: DraftVariant[];
  counted: boolean;
  /** The product's saved pictures a variant may show. */
  pictures: ImageRef[];
  errors: Record<string, string>;
  onChange: (variants: DraftVariant[]) => void;
}) {
  const set = (i: number, patch: Partial<DraftVariant>) =>
    onChange(variants.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const input = (i: number, field: "price" | "originalPrice" | "sku" | "stock", label: string, numeric = true) => {
    const error = fieldError(errors, `variants.${i}.${field}`);
    return (
      <td className={cell}>
        <Input
          aria-label={`${label} of ${rowLabel(options, variants[i].options) || "the product"}`}
          aria-invalid={!!error}
          inputMode={numeric ? "numeric" : undefined}
          className={numeric ? "w-24" : "w-32"}
          value={variants[i][field]}
          onChange={(e) => set(i, { [field]: e.target.value })}
        />
        {error && (
          <p role="alert" className="mt-1 max-w-40 text-xs text-red-700">
            {error}
          </p>
        )}
      </td>
    );
  };

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col" className="sticky left-0 z-10 bg-white p-1 font-medium">
              Variant
            </th>
            <th scope="col" className="p-1 font-medium">
              Price (Rs.)
            </th>
            <th scope="col" className="p-1 font-medium">
              Compare-at (Rs.)
            </th>
            <th scope="col" className="p-1 font-medium">
              SKU
            </th>
            {counted && (
              <th scope="col" className="p-1 font-medium">
                Stock
              </th>
            )}
            <th scope="col" className="p-1 font-medium">
              Picture
            </th>
            <th scope="col" className="p-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => {
            const label = rowLabel(options, v.options) || "The product";
            const rowError = errors[`variants.${i}`] ?? fieldError(errors, `variants.${i}.options`);
            return (
              <tr key={JSON.stringify(v.options)} className="border-t border-ink/5">
                <th
                  scope="row"
                  className="sticky left-0 z-10 max-w-32 bg-white p-1 pr-3 text-left align-top font-medium"
                >
                  <span className="block pt-2.5">{label}</span>
                  {rowError && (
                    <span role="alert" className="block text-xs font-normal text-red-700">
                      {rowError}
                    </span>
                  )}
                </th>
                {input(i, "price", "Price")}
                {input(i, "originalPrice", "Compare-at price")}
                {input(i, "sku", "SKU", false)}
                {counted && input(i, "stock", "Stock")}
                <td className={cell}>
                  <NativeSelect
                    aria-label={`Picture of ${label}`}
                    className="w-32"
                    value={v.imageId}
                    onChange={(e) => set(i, { imageId: e.target.value })}
                  >
                    <option value="">Product's</option>
                    {pictures.map((p, n) => (
                      <option key={p.id} value={p.id}>
                        Picture {n + 1}
                      </option>
                    ))}
                  </NativeSelect>
                </td>
                <td className={cell}>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${label} (not sold)`}
                    onClick={() => onChange(variants.filter((_, j) => j !== i))}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
