import { Button } from "@client/components/ui/button";
import type { ImageRef } from "@shared/schemas/common.js";
import { BulkEditBar } from "./bulk-edit-bar";
import { OptionsEditor } from "./options-editor";
import { draftOptions, generateVariants, type VariantsDraft } from "./variant-draft";
import { VariantsTable } from "./variants-table";

/**
 * Options and variants (CONTRACT.md part four): the options, the combinations generated from them
 * (each row a variant on sale, with its price, compare-at price, SKU, stock and picture) and bulk edits.
 */
export function VariantsPanel({
  draft,
  defaults,
  pictures,
  errors,
  onChange,
}: {
  draft: VariantsDraft;
  /** What a newly generated combination starts at: the product's price fields. */
  defaults: { price: string; originalPrice: string };
  pictures: ImageRef[];
  errors: Record<string, string>;
  onChange: (draft: VariantsDraft) => void;
}) {
  const options = draftOptions(draft);
  const patch = (p: Partial<VariantsDraft>) => onChange({ ...draft, ...p });
  return (
    <section aria-label="Options and variants" className="space-y-4 rounded-xl border border-ink/10 p-4">
      <OptionsEditor options={draft.options} errors={errors} onChange={(o) => patch({ options: o })} />
      <div className="flex flex-wrap items-center gap-2 border-t border-ink/5 pt-4">
        <h3 className="mr-auto text-sm font-medium">Variants ({draft.variants.length})</h3>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-rose"
            checked={draft.counted}
            onChange={(e) => patch({ counted: e.target.checked })}
          />
          Count stock per variant
        </label>
        <Button
          variant="outline"
          size="sm"
          onClick={() => patch({ variants: generateVariants(options, draft.variants, defaults) })}
        >
          Generate variants
        </Button>
      </div>
      {errors.variants && (
        <p role="alert" className="text-sm text-red-700">
          {errors.variants}
        </p>
      )}
      {draft.variants.length === 0 ? (
        <p className="text-sm text-muted">
          Type the options, then generate the variants: one per combination, at the price above. Remove a combination
          that is not sold.
        </p>
      ) : (
        <>
          <BulkEditBar
            options={options}
            variants={draft.variants}
            counted={draft.counted}
            onChange={(variants) => patch({ variants })}
          />
          <VariantsTable
            options={options}
            variants={draft.variants}
            counted={draft.counted}
            pictures={pictures}
            errors={errors}
            onChange={(variants) => patch({ variants })}
          />
        </>
      )}
    </section>
  );
}
