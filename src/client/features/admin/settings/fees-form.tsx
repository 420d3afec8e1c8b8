import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { computeAmounts } from "@shared/rules/amounts.js";
import { deliveryPromise, FEE_SETTING_KEYS, readFeeSettings, type FeeSettingKey } from "@shared/rules/fees.js";
import { formatRs } from "@shared/rules/money.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { queries } from "@client/lib/queries";
import { toastError } from "@client/lib/admin/toast-error";
import { useSaveSettings } from "./settings-api";

type Stored = Record<FeeSettingKey, string>;

/** '{"Karachi":200}' as the form shows it: "Karachi: 200". */
function cityText(stored: unknown): string {
  try {
    const map = typeof stored === "string" ? JSON.parse(stored) : stored;
    return map && typeof map === "object"
      ? Object.entries(map as Record<string, unknown>)
          .map(([city, fee]) => `${city}: ${String(fee)}`)
          .join(", ")
      : "";
  } catch {
    return "";
  }
}

/** "Karachi: 200, Lahore: 250" as the setting stores it; a part without a fee is sent as it is, to be refused. */
function cityValue(text: string): string {
  const entries = text
    .split(",")
    .map((part) => part.split(":").map((s) => s.trim()))
    .filter((p) => p[0]);
  if (entries.length === 0) return "";
  return JSON.stringify(Object.fromEntries(entries.map(([city, fee]) => [city, fee ?? ""])));
}

/** Delivery fee (flat and per city), free delivery over a threshold and the COD fee. */
export function FeesForm() {
  const stored = useQuery({
    ...queries.settings(),
    select: (list): Stored => {
      const value = (key: FeeSettingKey) => list.find((s) => s.key === key)?.value ?? "";
      return {
        delivery_fee: String(value("delivery_fee")),
        delivery_fee_by_city: cityText(value("delivery_fee_by_city")),
        free_delivery_over: String(value("free_delivery_over")),
        cod_fee: String(value("cod_fee")),
      };
    },
  });
  if (!stored.data) return <Skeleton className="h-60 w-full" />;
  return <Form stored={stored.data} />;
}

const EXAMPLE_GOODS = 4000;

function Form({ stored }: { stored: Stored }) {
  const [values, setValues] = useState(stored);
  const save = useSaveSettings();
  const set = (key: FeeSettingKey) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const draft = { ...values, delivery_fee_by_city: cityValue(values.delivery_fee_by_city) };
  const fees = readFeeSettings(draft);
  // An example, by the same rule the server prices orders with (decision 022).
  const example = computeAmounts({
    lines: [{ productId: 0, category: "", unitPaisa: EXAMPLE_GOODS * 100, quantity: 1 }],
    fees,
    city: Object.keys(fees.deliveryFeeByCity)[0] ?? null,
    paymentMethod: "cod",
    code: null,
  });
  const exampleCity = Object.keys(fees.deliveryFeeByCity)[0];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      FEE_SETTING_KEYS.map((key) => ({ key, value: draft[key].trim() })),
      {
        onSuccess: () =>
          toast.success("Delivery and fees saved", { description: "The shop and new orders use them from now on." }),
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Delivery and fees">
      <Field id="fee-delivery" label="Delivery fee per order (Rs.)" hint="Empty: free delivery.">
        <Input id="fee-delivery" inputMode="numeric" value={values.delivery_fee} onChange={set("delivery_fee")} />
      </Field>
      <Field
        id="fee-by-city"
        label="Delivery fee by city (Rs.)"
        hint="Like Karachi: 200, Lahore: 250. A city named here pays its own fee instead of the one above."
      >
        <Input id="fee-by-city" value={values.delivery_fee_by_city} onChange={set("delivery_fee_by_city")} />
      </Field>
      <Field
        id="fee-free-over"
        label="Free delivery for orders over (Rs.)"
        hint="Goods after discounts. Empty: no threshold."
      >
        <Input
          id="fee-free-over"
          inputMode="numeric"
          value={values.free_delivery_over}
          onChange={set("free_delivery_over")}
        />
      </Field>
      <Field id="fee-cod" label="Cash on delivery fee (Rs.)" hint="Added to every order. Empty: none.">
        <Input id="fee-cod" inputMode="numeric" value={values.cod_fee} onChange={set("cod_fee")} />
      </Field>
      <div className="rounded-xl bg-cream p-4 text-sm" aria-live="polite">
        <p className="font-medium">
          Example: an order of {formatRs(EXAMPLE_GOODS)}
          {exampleCity ? ` to ${exampleCity}` : ""}
        </p>
        <p className="mt-1 text-muted">
          Goods {formatRs(example.subtotal / 100)} · Delivery{" "}
          {example.deliveryFee === 0 ? "free" : formatRs(example.deliveryFee / 100)}
          {example.codFee > 0 && ` · COD fee ${formatRs(example.codFee / 100)}`} · Total {formatRs(example.total / 100)}
        </p>
        <p className="mt-1 text-muted">The shop says: “{deliveryPromise(fees)}”</p>
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save Delivery and Fees"}
      </Button>
    </form>
  );
}
