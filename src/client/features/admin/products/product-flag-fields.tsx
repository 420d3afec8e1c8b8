import { Field } from "@client/components/ui/field";
import { NativeSelect } from "@client/components/ui/native-select";
import type { ProductDraft } from "./product-draft";

/** Whether the product shows as in stock, and whether the home page features it. */
export function ProductFlagFields({
  draft,
  onChange,
}: {
  draft: ProductDraft;
  onChange: (patch: Partial<ProductDraft>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="product-inStock" label="Stock">
        <NativeSelect
          id="product-inStock"
          value={draft.inStock}
          onChange={(e) => onChange({ inStock: e.target.value as "1" | "0" })}
        >
          <option value="1">In Stock</option>
          <option value="0">Out of Stock</option>
        </NativeSelect>
      </Field>
      <Field id="product-featured" label="Featured">
        <NativeSelect
          id="product-featured"
          value={draft.featured}
          onChange={(e) => onChange({ featured: e.target.value as "1" | "0" })}
        >
          <option value="1">Featured</option>
          <option value="0">Not Featured</option>
        </NativeSelect>
      </Field>
    </div>
  );
}
