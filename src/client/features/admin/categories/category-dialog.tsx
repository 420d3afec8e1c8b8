import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { slugify } from "@shared/rules/labels.js";
import type { Category } from "@shared/schemas/categories.js";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Field } from "@client/components/ui/field";
import { Input, Textarea } from "@client/components/ui/input";
import { ApiError } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { useSaveCategory } from "./categories-admin-api";

const categoryForm = z.object({
  name: z.string().trim().min(1, "Category name is required").max(100),
  slug: z
    .string()
    .trim()
    .min(1, "Slug is required")
    .max(100)
    .regex(/^[a-z0-9-]+$/, "Slug may hold only letters, digits and hyphens"),
  description: z.string().trim().max(1000),
});
type CategoryForm = z.infer<typeof categoryForm>;

/** Add (no category given) or edit a category. The slug follows the name until edited by hand. */
export function CategoryDialog({
  open,
  onOpenChange,
  category,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: Category | null;
}) {
  const save = useSaveCategory();
  // Made once per opening (useEditDialog gives each a new dialog).
  const form = useForm<CategoryForm>({
    resolver: zodResolver(categoryForm),
    defaultValues: { name: category?.name ?? "", slug: category?.slug ?? "", description: category?.description ?? "" },
  });
  const { errors, dirtyFields } = form.formState;

  const name = form.register("name", {
    onChange: (e) => {
      if (!category && !dirtyFields.slug) form.setValue("slug", slugify(e.target.value));
    },
  });
  // Not slugify() while typing: its trim would swallow the space before the next word.
  const slug = form.register("slug", {
    onChange: (e) => form.setValue("slug", e.target.value.toLowerCase().replace(/\s+/g, "-"), { shouldDirty: true }),
  });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, id: category?.id },
      {
        onSuccess: () => {
          toast.success(category ? "Category Updated" : "Category Added", {
            description: `${values.name} has been saved.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            for (const [field, message] of Object.entries(error.details)) {
              if (field in values) form.setError(field as keyof CategoryForm, { message });
            }
          }
          toastError(error);
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={category ? "Edit Category" : "Add Category"}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="category-name" label="Name" error={errors.name?.message}>
          <Input id="category-name" aria-invalid={!!errors.name} {...name} />
        </Field>
        <Field
          id="category-slug"
          label="Slug"
          hint="Lower-case, spaces become hyphens; used in /collections/{slug}."
          error={errors.slug?.message}
        >
          <Input id="category-slug" aria-invalid={!!errors.slug} {...slug} />
        </Field>
        <Field id="category-description" label="Description" error={errors.description?.message}>
          <Textarea id="category-description" {...form.register("description")} />
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : category ? "Update Category" : "Add Category"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
