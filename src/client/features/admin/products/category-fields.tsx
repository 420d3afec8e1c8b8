import type { Category } from "@shared/schemas/categories.js";
import { categoryLabel } from "@shared/rules/labels.js";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { NEW_CATEGORY, type ProductDraft } from "./product-draft";

/** The product's category: one of the shop's, its own when no longer listed, or a new one named here. */
export function CategoryFields({
  draft,
  categories,
  errors,
  onChange,
}: {
  draft: ProductDraft;
  categories: Category[];
  errors: Record<string, string>;
  onChange: (patch: Partial<ProductDraft>) => void;
}) {
  const hasCurrent = categories.some((c) => c.slug === draft.category);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="product-category" label="Category" error={errors.category}>
        <NativeSelect
          id="product-category"
          value={draft.category}
          onChange={(e) => onChange({ category: e.target.value })}
        >
          {!hasCurrent && draft.category !== NEW_CATEGORY && (
            <option value={draft.category}>{draft.category ? categoryLabel(draft.category) : "Choose…"}</option>
          )}
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
          <option value={NEW_CATEGORY}>+ Add New Category</option>
        </NativeSelect>
      </Field>
      {draft.category === NEW_CATEGORY && (
        <Field id="product-newCategoryName" label="New Category Name">
          <Input
            id="product-newCategoryName"
            value={draft.newCategoryName}
            aria-invalid={!!errors.newCategoryName}
            onChange={(e) => onChange({ newCategoryName: e.target.value })}
            placeholder="e.g. Bridal"
          />
        </Field>
      )}
    </div>
  );
}
