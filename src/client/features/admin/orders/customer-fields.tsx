import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { checkoutForm, CheckoutForm } from "@shared/schemas/orders.js";
import { Field } from "@client/components/ui/field";
import { Input, Textarea } from "@client/components/ui/input";

const FIELDS: { name: Exclude<keyof CheckoutForm, "paymentMethod">; label: string; wide?: boolean; long?: boolean }[] =
  [
    { name: "firstName", label: "First Name" },
    { name: "lastName", label: "Last Name" },
    { name: "phone", label: "WhatsApp Number", wide: true },
    { name: "email", label: "Email (optional)", wide: true },
    { name: "address", label: "Street Address", wide: true, long: true },
    { name: "city", label: "City" },
    { name: "postalCode", label: "Postal Code (optional)" },
    { name: "specialInstructions", label: "Special Instructions (optional)", wide: true, long: true },
  ];
/** The server's names for the fields it refuses, mapped to the form's. */
export const SERVER_FIELDS: Record<string, keyof CheckoutForm> = {
  customerName: "firstName",
  customerPhone: "phone",
  customerEmail: "email",
  shippingAddress: "address",
  city: "city",
  postalCode: "postalCode",
  specialInstructions: "specialInstructions",
};

/** The customer's name, number and address: checkout's fields, with checkout's checks. */
export function CustomerFields({
  form,
}: {
  form: UseFormReturn<CheckoutForm, unknown, z.output<typeof checkoutForm>>;
}) {
  const errors = form.formState.errors;
  return FIELDS.map((f) => {
    const id = `manual-${f.name}`;
    const error = errors[f.name]?.message;
    const props = { id, "aria-invalid": error ? true : undefined, ...form.register(f.name) };
    return (
      <Field key={f.name} id={id} label={f.label} error={error} className={f.wide ? "sm:col-span-2" : undefined}>
        {f.long ? <Textarea rows={2} {...props} /> : <Input {...props} />}
      </Field>
    );
  });
}
