import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { WINBACK_SETTING_KEYS, type WinbackSettingKey } from "@shared/rules/winback.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { toastError } from "@client/lib/admin/toast-error";
import { queries } from "@client/lib/queries";
import { useSaveSettings } from "./settings-api";

type Stored = Record<WinbackSettingKey, string>;

const FIELDS: { key: WinbackSettingKey; label: string; hint: string }[] = [
  {
    key: "whatsapp_daily_limit",
    label: "Customers the number may message first in 24 hours",
    hint: "Meta's messaging limit, from WhatsApp Manager (250 for a new business). Marketing stops at 80 %.",
  },
  {
    key: "back_in_stock_per_unit",
    label: "Back-in-stock messages per unit that comes back",
    hint: "Oldest requests first; 3 by default.",
  },
  {
    key: "abandoned_checkout_after_minutes",
    label: "Remind an unfinished checkout after (minutes)",
    hint: "Empty: the checkout offers no reminder.",
  },
  {
    key: "abandoned_checkout_second_after_hours",
    label: "Second reminder after (hours)",
    hint: "Empty: one reminder only.",
  },
];

/** The owner's win-back settings (decision 041). */
export function WinbackSettingsForm() {
  const stored = useQuery({
    ...queries.settings(),
    select: (list): Stored =>
      Object.fromEntries(
        WINBACK_SETTING_KEYS.map((key) => [key, String(list.find((s) => s.key === key)?.value ?? "")]),
      ) as Stored,
  });
  if (!stored.data) return <Skeleton className="h-48 w-full" />;
  return <Form stored={stored.data} />;
}

function Form({ stored }: { stored: Stored }) {
  const [values, setValues] = useState(stored);
  const save = useSaveSettings();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      WINBACK_SETTING_KEYS.map((key) => ({ key, value: values[key].trim() })),
      { onSuccess: () => toast.success("Win-back settings saved"), onError: (error) => toastError(error) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Win back on WhatsApp">
      {FIELDS.map((f) => (
        <Field key={f.key} id={`winback-${f.key}`} label={f.label} hint={f.hint}>
          <Input
            id={`winback-${f.key}`}
            inputMode="numeric"
            value={values[f.key]}
            onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
          />
        </Field>
      ))}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save"}
      </Button>
    </form>
  );
}
