import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import type { ProductStatus } from "@shared/catalogue/handles.js";
import type { PublishingDraft } from "./publishing-draft";

/** The product's address, whether shoppers see it, and when a draft goes live by itself. */
export function PublishingFields({
  value,
  errors,
  onChange,
}: {
  value: PublishingDraft;
  errors: Record<string, string>;
  onChange: (value: PublishingDraft) => void;
}) {
  const set = (patch: Partial<PublishingDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Field
        id="product-handle"
        label="Handle"
        hint="Its address: /products/handle. Blank: made from the name."
        error={errors.handle}
      >
        <Input
          id="product-handle"
          value={value.handle}
          aria-invalid={!!errors.handle}
          placeholder="lawn-suit"
          onChange={(e) => set({ handle: e.target.value })}
        />
      </Field>
      <Field id="product-status" label="Status" error={errors.status}>
        <NativeSelect
          id="product-status"
          value={value.status}
          onChange={(e) => set({ status: e.target.value as ProductStatus })}
        >
          <option value="active">Active</option>
          <option value="draft">Draft</option>
          <option value="archived">Archived</option>
        </NativeSelect>
      </Field>
      <Field
        id="product-publishAt"
        label="Launch time"
        hint="A draft goes live by itself then."
        error={errors.publishAt}
      >
        <Input
          id="product-publishAt"
          type="datetime-local"
          value={value.publishAt}
          disabled={value.status !== "draft"}
          aria-invalid={!!errors.publishAt}
          onChange={(e) => set({ publishAt: e.target.value })}
        />
      </Field>
    </div>
  );
}
