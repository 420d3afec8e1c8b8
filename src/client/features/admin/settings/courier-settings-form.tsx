import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { CourierSettings } from "@shared/schemas/shipping.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { PostexSettingsPanel } from "./postex-settings-form";
import { useCourierSettings, useSaveCourierSettings } from "./courier-settings-api";
import { fieldErrors, SaveFailure } from "./save-failure";

/** Settings → Courier: the owner connects the store's Leopards and PostEx accounts (each off until enabled). */
export function CourierSettingsPanel() {
  const settings = useCourierSettings();
  if (settings.isPending) return <Skeleton className="h-48 w-full" />;
  if (settings.isError) return <p className="text-sm text-red-700">{errorMessage(settings.error)}</p>;
  return (
    <div className="space-y-10">
      <CourierSettingsForm settings={settings.data} />
      <PostexSettingsPanel />
    </div>
  );
}

function CourierSettingsForm({ settings }: { settings: CourierSettings }) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [apiKey, setApiKey] = useState("");
  const [apiPassword, setApiPassword] = useState("");
  const [weightGrams, setWeightGrams] = useState(String(settings.weightGrams));
  const save = useSaveCourierSettings();
  // The key and password never come back from the server; a new address needs both typed again.
  const moved = baseUrl.trim().replace(/\/+$/, "") !== settings.baseUrl.replace(/\/+$/, "");
  const savedHint = (saved: boolean) =>
    moved && saved ? "Enter it again for the new address." : saved ? "Saved. Leave empty to keep it." : "Not set.";
  const details = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        enabled,
        baseUrl,
        apiKey,
        apiPassword,
        weightGrams: Number(weightGrams),
        timeoutSeconds: settings.timeoutSeconds,
      },
      {
        onSuccess: () => {
          setApiKey("");
          setApiPassword("");
          toast.success("Courier settings saved");
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Leopards Courier connection">
      <p className="text-sm text-muted">
        Book parcels with Leopards Courier from the orders table and follow them to delivered or returned. Find the API
        key and password in your Leopards merchant portal (eCom → API Management).
      </p>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Book with Leopards
      </label>
      <Field
        id="courier-base-url"
        label="API address"
        error={details.baseUrl}
        hint="Staging: https://merchantapistaging.leopardscourier.com/api"
      >
        <Input id="courier-base-url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
      </Field>
      <Field id="courier-api-key" label="API key" error={details.apiKey} hint={savedHint(settings.hasApiKey)}>
        <Input id="courier-api-key" value={apiKey} onChange={(e) => setApiKey(e.target.value)} autoComplete="off" />
      </Field>
      <Field
        id="courier-api-password"
        label="API password"
        error={details.apiPassword}
        hint={savedHint(settings.hasPassword)}
      >
        <Input
          id="courier-api-password"
          type="password"
          value={apiPassword}
          onChange={(e) => setApiPassword(e.target.value)}
          autoComplete="new-password"
        />
      </Field>
      <Field id="courier-weight" label="Parcel weight (grams)" error={details.weightGrams}>
        <Input
          id="courier-weight"
          inputMode="numeric"
          value={weightGrams}
          onChange={(e) => setWeightGrams(e.target.value)}
        />
      </Field>
      <SaveFailure error={save.error} />
      <Button type="submit" disabled={save.isPending}>
        Save courier settings
      </Button>
    </form>
  );
}
