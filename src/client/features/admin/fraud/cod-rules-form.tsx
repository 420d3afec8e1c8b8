import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { CodRuleKey } from "@shared/rules/cod-rules.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { toastError } from "@client/lib/admin/toast-error";
import { useCodRules, useSaveCodRules } from "./fraud-admin-api";

/** The cash-on-delivery rules; an empty field is no rule. */
export function CodRulesForm() {
  const rules = useCodRules();
  if (!rules.data) return <Skeleton className="h-40 w-full" />;
  return <RulesForm stored={rules.data} />;
}

function RulesForm({ stored }: { stored: Record<CodRuleKey, string> }) {
  const [maxTotal, setMaxTotal] = useState(stored.cod_max_order_total);
  const [maxOpen, setMaxOpen] = useState(stored.cod_max_open_orders_per_phone);
  const [cities, setCities] = useState(stored.cod_cities);
  const save = useSaveCodRules();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = cities
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    save.mutate(
      {
        cod_max_order_total: maxTotal.trim(),
        cod_max_open_orders_per_phone: maxOpen.trim(),
        cod_cities: list.length > 0 ? JSON.stringify(list) : "",
      },
      {
        onSuccess: () => toast.success("COD rules saved", { description: "New orders follow them from now on." }),
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Cash on delivery rules">
      <Field id="cod-max-total" label="Largest order total for cash on delivery (Rs.)" hint="Empty: no limit.">
        <Input id="cod-max-total" inputMode="numeric" value={maxTotal} onChange={(e) => setMaxTotal(e.target.value)} />
      </Field>
      <Field id="cod-max-open" label="Open orders allowed per phone number" hint="Empty: no limit.">
        <Input id="cod-max-open" inputMode="numeric" value={maxOpen} onChange={(e) => setMaxOpen(e.target.value)} />
      </Field>
      <Field
        id="cod-cities"
        label="Cities with cash on delivery"
        hint="Separated by commas, like Lahore, Karachi. Empty: every city."
      >
        <Input id="cod-cities" value={cities} onChange={(e) => setCities(e.target.value)} />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save COD Rules"}
      </Button>
    </form>
  );
}
