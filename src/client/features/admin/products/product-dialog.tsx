import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { Product } from "@shared/schemas/products.js";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Field } from "@client/components/ui/field";
import { Input, Textarea } from "@client/components/ui/input";
import { ApiError, errorMessage } from "@client/lib/api";
import { queries } from "@client/lib/queries";
import { CategoryFields } from "./category-fields";
import { ColorVariants } from "./color-variants";
import { ProductAttributes } from "./product-attributes";
import { ProductFlagFields } from "./product-flag-fields";
import { PublishingFields } from "./publishing-fields";
import { StockGrid } from "./stock-grid";
import { ImageGroupPicker } from "./image-group-picker";
import {
  draftFromProduct,
  emptyDraft,
  listsFromVariants,
  NEW_CATEGORY,
  splitList,
  type ProductDraft,
} from "./product-draft";
import { variantProblems } from "@shared/catalogue/variants.js";
import { variantsDraftFromLists, variantsPayload, type VariantsDraft } from "./variant-draft";
import { VariantsPanel } from "./variants-panel";
import { useSaveProduct } from "./products-admin-api";
import { UploadProgress } from "./upload-progress";

/** Add mode without a product, edit mode with one; closes and resets on success (spec §4). */
export function ProductDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: Product | null;
}) {
  // The storefront's own read of the categories, which the Categories tab refreshes on a change.
  const categories = useQuery(queries.categories());
  const save = useSaveProduct();
  // Made once, when the dialog is made (its opener gives each opening a new key): what is typed
  // from the first keystroke on is kept, whatever the catalogue's reads bring meanwhile.
  const [draft, setDraft] = useState<ProductDraft>(() =>
    product ? draftFromProduct(product) : emptyDraft(categories.data?.[0]?.slug ?? ""),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const patch = (p: Partial<ProductDraft>) => setDraft((d) => ({ ...d, ...p }));
  const text = (key: keyof ProductDraft) => ({
    id: `product-${key}`,
    value: draft[key] as string,
    "aria-invalid": !!errors[key],
    onChange: (e: { target: { value: string } }) => patch({ [key]: e.target.value }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.category === NEW_CATEGORY && !draft.newCategoryName.trim()) {
      toast.error("Validation Error", { description: "Please enter a category name for the new category." });
      return;
    }
    if (draft.variants) {
      // The server's own rules, checked first so each message lands beside its field at once.
      const { options, variants } = variantsPayload(draft.variants);
      const problems = variantProblems(options, variants);
      if (problems.length) {
        setErrors(Object.fromEntries(problems.reverse().map((p) => [p.field, p.message])));
        toast.error("Validation Error", { description: problems[problems.length - 1].message });
        return;
      }
    }
    const failure = product ? "Failed to update product" : "Failed to create product";
    save.mutate(
      { id: product?.id, draft },
      {
        onSuccess: (saved) => {
          toast.success(product ? "Product Updated" : "Product Added", {
            description: `${saved?.name ?? draft.name} has been saved.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          setErrors(error instanceof ApiError ? error.details : {});
          toast.error("Error", { description: `${failure}: ${errorMessage(error)}` });
        },
      },
    );
  };

  const categoryOptions = categories.data ?? [];
  const setVariants = (variants: VariantsDraft | null) =>
    patch(variants ? { variants, ...listsFromVariants(variants) } : { variants });
  const pictures = [draft.images, ...Object.values(draft.colorImages)]
    .flat()
    .flatMap((img) => (img.kind === "existing" ? [img.ref] : []));
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !save.isPending && onOpenChange(o)}
      title={product ? "Edit Product" : "Add New Product"}
      className={draft.variants ? "max-w-4xl" : "max-w-2xl"}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="product-name" label="Product Name" error={errors.name}>
            <Input {...text("name")} required />
          </Field>
          <Field id="product-sku" label="SKU" error={errors.sku}>
            <Input {...text("sku")} />
          </Field>
        </div>
        <Field id="product-description" label="Description" error={errors.description}>
          <Textarea {...text("description")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id="product-price"
            label="Price (Rs.)"
            hint={draft.variants ? "New variants start at this price." : undefined}
            error={errors.price}
          >
            <Input {...text("price")} type="number" min={0} step="1" inputMode="numeric" />
          </Field>
          <Field
            id="product-originalPrice"
            label="Original Price (Rs.)"
            hint="Leave empty when not discounted."
            error={errors.originalPrice}
          >
            <Input {...text("originalPrice")} type="number" min={0} step="1" inputMode="numeric" />
          </Field>
        </div>
        <CategoryFields draft={draft} categories={categoryOptions} errors={errors} onChange={patch} />
        {draft.variants ? (
          <>
            <VariantsPanel
              draft={draft.variants}
              defaults={{ price: draft.price, originalPrice: draft.originalPrice }}
              pictures={pictures}
              errors={errors}
              onChange={setVariants}
            />
            <ColorVariants draft={draft} onChange={patch} />
          </>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="product-sizes" label="Sizes" hint="Comma separated, e.g. S, M, L" error={errors.sizes}>
                <Input {...text("sizes")} />
              </Field>
              <Field id="product-colors" label="Colours" hint="Comma separated, e.g. Red, Blue" error={errors.colors}>
                <Input {...text("colors")} />
              </Field>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setVariants(variantsDraftFromLists(splitList(draft.sizes), splitList(draft.colors)))}
            >
              Use options and variants (Make, Pieces, prices per variant)
            </Button>
            <ColorVariants draft={draft} onChange={patch} />
            <StockGrid draft={draft} onChange={patch} />
          </>
        )}
        <ImageGroupPicker
          id="product-images"
          label="Product images"
          images={draft.images}
          onChange={(images) => patch({ images })}
        />
        <ProductAttributes
          value={draft.attributes}
          onChange={(attributes) => patch({ attributes })}
          error={errors.attributes}
        />
        <ProductFlagFields draft={draft} onChange={patch} />
        <PublishingFields value={draft.publishing} errors={errors} onChange={(publishing) => patch({ publishing })} />
        {save.isPending && <UploadProgress percent={save.progress} />}
        <div className="sticky -bottom-5 -mx-5 flex justify-end gap-2 border-t border-ink/5 bg-white px-5 pb-5 pt-3 sm:-bottom-6 sm:-mx-6 sm:px-6 sm:pb-6">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : product ? "Update Product" : "Add Product"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
