import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { toastError } from "@client/lib/admin/toast-error";
import { useSaveSettings, type SiteSettings } from "./settings-api";

/** The site's name and tagline. */
export function SiteInfoForm({ settings }: { settings: SiteSettings }) {
  const [name, setName] = useState(settings.site_name);
  const [tagline, setTagline] = useState(settings.site_tagline);
  const save = useSaveSettings();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      [
        { key: "site_name", value: name },
        { key: "site_tagline", value: tagline },
      ],
      {
        onSuccess: () =>
          toast.success("Settings Updated", { description: "Your changes have been saved successfully." }),
        onError: (error) => toastError(error),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <Field id="site-name" label="Site Name">
        <Input id="site-name" value={name} maxLength={500} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id="site-tagline" label="Site Tagline">
        <Input id="site-tagline" value={tagline} maxLength={500} onChange={(e) => setTagline(e.target.value)} />
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save Site Information"}
      </Button>
    </form>
  );
}
