import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { PostexSettings } from "@shared/schemas/couriers.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { usePostexSettings, useSavePostexSettings } from "./courier-settings-api";
import { fieldErrors, SaveFailure } from "./save-failure";

/** Settings → Courier: the owner connects the store's PostEx account (off until enabled). */
export function PostexSettingsPanel() {
  const settings = usePostexSettings();
  if (settings.isPending) return <Skeleton className="h-48 w-full" />;
  if (settings.isError) return <p className="text-sm text-red-700">{errorMessage(settings.error)}</p>;
  return <PostexSettingsForm settings={settings.data} />;
}

function PostexSettingsForm({ settings }: { settings: PostexSettings }) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [token, setToken] = useState("");
  const [pickupAddressCode, setPickupAddressCode] = useState(settings.pickupAddressCode);
  const save = useSavePostexSettings();
  // The token never comes back from the server; a new address needs it typed again.
  const moved = baseUrl.trim().replace(/\/+$/, "") !== settings.baseUrl.replace(/\/+$/, "");
  const tokenHint =
    moved && settings.hasToken
      ? "Enter it again for the new address."
      : settings.hasToken
        ? "Saved. Leave empty to keep it."
        : "Not set.";
  const details = fieldErrors(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { enabled, baseUrl, token, pickupAddressCode },
      {
        onSuccess: () => {
          setToken("");
          toast.success("PostEx settings saved");
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="PostEx connection">
      <p className="text-sm text-muted">
        Book parcels with PostEx from the orders table. Find the API token in the PostEx merchant portal (Settings → API
        integration) and the pickup address code under Pickup addresses.
      </p>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Book with PostEx
      </label>
      <Field id="postex-base-url" label="PostEx API address" error={details.baseUrl}>
        <Input id="postex-base-url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
      </Field>
      <Field id="postex-token" label="PostEx API token" error={details.token} hint={tokenHint}>
        <Input
          id="postex-token"
          type="password"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          autoComplete="new-password"
        />
      </Field>
      <Field id="postex-pickup" label="Pickup address code" error={details.pickupAddressCode} hint="For example 001">
        <Input id="postex-pickup" value={pickupAddressCode} onChange={(e) => setPickupAddressCode(e.target.value)} />
      </Field>
      <SaveFailure error={save.error} />
      <Button type="submit" disabled={save.isPending}>
        Save PostEx settings
      </Button>
    </form>
  );
}
