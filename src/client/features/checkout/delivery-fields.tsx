import { Fragment } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { CheckoutForm } from "@shared/schemas/orders.js";
import { Field } from "@client/components/ui/field";
import { Input, Textarea } from "@client/components/ui/input";
import { useServedCities } from "./checkout-api";

/** The City field's suggestions: the cities the store's couriers deliver to ("lah" offers Lahore). */
const CITY_OPTIONS_ID = "checkout-city-options";

type Name = Exclude<keyof CheckoutForm, "paymentMethod">;

const FIELDS: {
  name: Name;
  label: string;
  hint?: string;
  multiline?: boolean;
  wide?: boolean;
  input?: Partial<Pick<HTMLInputElement, "type" | "autocomplete" | "inputMode" | "placeholder">>;
}[] = [
  { name: "firstName", label: "First Name", input: { autocomplete: "given-name" } },
  { name: "lastName", label: "Last Name", input: { autocomplete: "family-name" } },
  {
    name: "phone",
    label: "WhatsApp Number",
    hint: "Our agent will contact you on this WhatsApp number to confirm your order.",
    wide: true,
    input: { type: "tel", autocomplete: "tel", inputMode: "tel", placeholder: "03XX XXXXXXX" },
  },
  {
    name: "email",
    label: "Email (optional)",
    wide: true,
    input: { type: "email", autocomplete: "email", placeholder: "you@example.com" },
  },
  {
    name: "address",
    label: "Street Address",
    hint: "House number, street and area, and a landmark the rider can ask for.",
    multiline: true,
    wide: true,
  },
  { name: "city", label: "City", input: { autocomplete: "address-level2" } },
  { name: "postalCode", label: "Postal Code (optional)", input: { autocomplete: "postal-code", inputMode: "numeric" } },
  { name: "specialInstructions", label: "Special Instructions (optional)", multiline: true, wide: true },
];

/** The delivery form's fields, each with its message under it (react-hook-form + the shared schema). */
export function DeliveryFields({
  register,
  errors,
  afterPhone,
}: {
  register: UseFormRegister<CheckoutForm>;
  errors: FieldErrors<CheckoutForm>;
  /** Shown right under the phone field (the reminder box). */
  afterPhone?: React.ReactNode;
}) {
  const cities = useServedCities();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <datalist id={CITY_OPTIONS_ID}>
        {cities.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
      {FIELDS.map((f) => {
        const id = `checkout-${f.name}`;
        const error = errors[f.name]?.message;
        const a11y = {
          id,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : f.hint ? `${id}-hint` : undefined,
        };
        const field = (
          <Field
            key={f.name}
            id={id}
            label={f.label}
            hint={f.hint}
            error={error}
            className={f.wide ? "sm:col-span-2" : undefined}
          >
            {f.multiline ? (
              <Textarea
                rows={3}
                autoComplete={f.name === "address" ? "street-address" : "off"}
                {...a11y}
                {...register(f.name)}
              />
            ) : (
              <Input
                type={f.input?.type ?? "text"}
                autoComplete={f.input?.autocomplete}
                inputMode={f.input?.inputMode as React.HTMLAttributes<HTMLInputElement>["inputMode"]}
                placeholder={f.input?.placeholder}
                list={f.name === "city" && cities.length > 0 ? CITY_OPTIONS_ID : undefined}
                {...a11y}
                {...register(f.name)}
              />
            )}
          </Field>
        );
        return f.name === "phone" && afterPhone ? [field, <Fragment key="after-phone">{afterPhone}</Fragment>] : field;
      })}
    </div>
  );
}
