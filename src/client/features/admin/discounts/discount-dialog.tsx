import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { AdminDiscount } from "@shared/schemas/discounts.js";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { ApiError } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { useSaveDiscount } from "./discounts-api";
import { draftOf, inputOf, type DiscountDraft } from "./discount-draft";

/** Create (no discount given) or edit a discount code or an automatic sale. */
export function DiscountDialog({
  open,
  onOpenChange,
  discount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  discount: AdminDiscount | null;
}) {
  const [draft, setDraft] = useState<DiscountDraft>(() => draftOf(discount));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveDiscount();

  const set =
    <K extends keyof DiscountDraft>(key: K) =>
    (value: DiscountDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: Exclude<keyof DiscountDraft, "automatic" | "kind">) => ({
    id: `discount-${key}`,
    value: draft[key],
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
    "aria-invalid": errors[key] ? true : undefined,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: discount?.id, input: inputOf(draft) },
      {
        onSuccess: () => {
          toast.success(discount ? "Discount updated" : "Discount created");
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.details).length > 0) setErrors(error.details);
          toastError(error);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={discount ? "Edit discount" : "New discount"}
      description="A code the shopper types at checkout, or an automatic sale that lowers prices in the shop."
    >
      <form onSubmit={submit} className="space-y-4" aria-label="Discount">
        <Field id="discount-type" label="Type">
          <NativeSelect
            id="discount-type"
            value={draft.automatic ? "sale" : "code"}
            onChange={(e) => set("automatic")(e.target.value === "sale")}
          >
            <option value="code">Discount code</option>
            <option value="sale">Automatic sale (no code)</option>
          </NativeSelect>
        </Field>
        {!draft.automatic && (
          <Field id="discount-code" label="Code" hint="3 to 30 letters, digits, - or _" error={errors.code}>
            <Input {...text("code")} autoCapitalize="characters" />
          </Field>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="discount-kind" label="Discount" error={errors.kind}>
            <NativeSelect
              id="discount-kind"
              value={draft.kind}
              onChange={(e) => set("kind")(e.target.value as DiscountDraft["kind"])}
            >
              <option value="percent">Percent off</option>
              <option value="fixed">Rupees off</option>
              {!draft.automatic && <option value="free_delivery">Free delivery</option>}
            </NativeSelect>
          </Field>
          {draft.kind !== "free_delivery" && (
            <Field
              id="discount-value"
              label={draft.kind === "percent" ? "Percent (1–100)" : "Rupees off"}
              error={errors.value}
            >
              <Input {...text("value")} inputMode="numeric" />
            </Field>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="discount-startsAt" label="Starts" hint="Empty: now" error={errors.startsAt}>
            <Input {...text("startsAt")} type="datetime-local" />
          </Field>
          <Field id="discount-endsAt" label="Ends" hint="Empty: never" error={errors.endsAt}>
            <Input {...text("endsAt")} type="datetime-local" />
          </Field>
        </div>
        {!draft.automatic && (
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="discount-minSubtotal" label="Minimum order (Rs.)" error={errors.minSubtotal}>
              <Input {...text("minSubtotal")} inputMode="numeric" />
            </Field>
            <Field id="discount-usageLimit" label="Total uses" error={errors.usageLimit}>
              <Input {...text("usageLimit")} inputMode="numeric" />
            </Field>
            <Field id="discount-perPhoneLimit" label="Uses per phone" error={errors.perPhoneLimit}>
              <Input {...text("perPhoneLimit")} inputMode="numeric" />
            </Field>
          </div>
        )}
        <Field
          id="discount-categories"
          label="Collections"
          hint="Slugs separated by commas, like formal, party. Empty with no products: everything."
          error={errors.categories}
        >
          <Input {...text("categories")} />
        </Field>
        <Field id="discount-productIds" label="Product ids" hint="Separated by commas." error={errors.productIds}>
          <Input {...text("productIds")} inputMode="numeric" />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
