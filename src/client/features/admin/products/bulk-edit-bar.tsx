import { useState } from "react";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { bulkEdit, type BulkField, type DraftVariant } from "./variant-draft";

const FIELDS: Record<BulkField, string> = {
  price: "Price",
  originalPrice: "Compare-at price",
  stock: "Stock",
};

/** "Set the price of all Stitched to 6490": one field of every variant with an option's value, or of all. */
export function BulkEditBar({
  options,
  variants,
  counted,
  onChange,
}: {
  options: { name: string; values: string[] }[];
  variants: DraftVariant[];
  counted: boolean;
  onChange: (variants: DraftVariant[]) => void;
}) {
  const [which, setWhich] = useState("");
  const [field, setField] = useState<BulkField>("price");
  const [value, setValue] = useState("");
  const apply = () => {
    const match = which ? (JSON.parse(which) as { name: string; value: string }) : null;
    onChange(bulkEdit(variants, match, field, value));
  };
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-lg bg-cream/60 p-3">
      <div className="text-xs font-medium">
        <label htmlFor="bulk-which">Apply to</label>
        <NativeSelect id="bulk-which" className="mt-1 w-44" value={which} onChange={(e) => setWhich(e.target.value)}>
          <option value="">All variants</option>
          {options.flatMap((o) =>
            o.values.map((v) => (
              <option key={`${o.name}:${v}`} value={JSON.stringify({ name: o.name, value: v })}>
                All {v} ({o.name})
              </option>
            )),
          )}
        </NativeSelect>
      </div>
      <div className="text-xs font-medium">
        <label htmlFor="bulk-field">Set</label>
        <NativeSelect
          id="bulk-field"
          className="mt-1 w-40"
          value={field}
          onChange={(e) => setField(e.target.value as BulkField)}
        >
          {(Object.keys(FIELDS) as BulkField[])
            .filter((f) => f !== "stock" || counted)
            .map((f) => (
              <option key={f} value={f}>
                {FIELDS[f]}
              </option>
            ))}
        </NativeSelect>
      </div>
      <div className="text-xs font-medium">
        <label htmlFor="bulk-value">To</label>
        <Input id="bulk-value" className="mt-1 w-28" value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <Button variant="outline" onClick={apply} disabled={variants.length === 0}>
        Apply to variants
      </Button>
    </div>
  );
}
