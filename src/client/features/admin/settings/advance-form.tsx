import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { ADVANCE_SETTING_KEYS, readPaymentAccounts, type PaymentAccount } from "@shared/rules/advance.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { queries } from "@client/lib/queries";
import { toastError } from "@client/lib/admin/toast-error";
import { PaymentAccountsFields } from "./payment-accounts-fields";
import { useSaveSettings } from "./settings-api";

interface Stored {
  overTotal: string;
  percent: string;
  highRisk: boolean;
  deliveryFee: boolean;
  accounts: PaymentAccount[];
}

/** Advance rules and the shop's accounts (decision 027): all empty, no order owes an advance. */
export function AdvanceForm() {
  const stored = useQuery({
    ...queries.settings(),
    select: (list): Stored => {
      const value = (key: string) => list.find((s) => s.key === key)?.value ?? "";
      return {
        overTotal: String(value("advance_over_total")),
        percent: String(value("advance_percent")),
        highRisk: String(value("advance_high_risk")) === "1",
        deliveryFee: String(value("advance_delivery_fee")) === "1",
        accounts: readPaymentAccounts(value("payment_accounts")),
      };
    },
  });
  if (!stored.data) return <Skeleton className="h-60 w-full" />;
  return <Form stored={stored.data} />;
}

function Form({ stored }: { stored: Stored }) {
  const [values, setValues] = useState(stored);
  const save = useSaveSettings();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const accounts = values.accounts.filter((a) => a.account.trim() !== "");
    const next: Record<(typeof ADVANCE_SETTING_KEYS)[number], string> = {
      advance_over_total: values.overTotal.trim(),
      advance_percent: values.percent.trim(),
      advance_high_risk: values.highRisk ? "1" : "",
      advance_delivery_fee: values.deliveryFee ? "1" : "",
      payment_accounts: accounts.length > 0 ? JSON.stringify(accounts) : "",
    };
    save.mutate(
      ADVANCE_SETTING_KEYS.map((key) => ({ key, value: next[key] })),
      {
        onSuccess: () =>
          toast.success("Advance payments saved", { description: "New orders and quotes use them from now on." }),
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-10 space-y-5 border-t border-ink/10 pt-8" aria-label="Advance payments">
      <div>
        <h3 className="font-display text-xl font-semibold">Advance payments</h3>
        <p className="mt-1 text-sm text-muted">
          An order that owes an advance is not shipped until an agent marks it paid; the courier then collects only the
          rest. The largest amount any rule asks is due. All empty: no advance.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="advance-over" label="Orders of at least (Rs.)" hint="Empty: no threshold.">
          <Input
            id="advance-over"
            inputMode="numeric"
            value={values.overTotal}
            onChange={(e) => setValues((v) => ({ ...v, overTotal: e.target.value }))}
          />
        </Field>
        <Field id="advance-percent" label="Advance, percent of the total" hint="1 to 100; empty: the whole total.">
          <Input
            id="advance-percent"
            inputMode="numeric"
            value={values.percent}
            onChange={(e) => setValues((v) => ({ ...v, percent: e.target.value }))}
          />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.highRisk}
          onChange={(e) => setValues((v) => ({ ...v, highRisk: e.target.checked }))}
        />
        High-risk orders (earlier refusals, many orders from one network) owe the percentage too
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.deliveryFee}
          onChange={(e) => setValues((v) => ({ ...v, deliveryFee: e.target.checked }))}
        />
        Every order pays its delivery and COD fees in advance
      </label>
      <PaymentAccountsFields
        accounts={values.accounts}
        onChange={(accounts) => setValues((v) => ({ ...v, accounts }))}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save Advance Payments"}
      </Button>
    </form>
  );
}
