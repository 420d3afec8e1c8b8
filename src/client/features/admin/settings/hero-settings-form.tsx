import { ImagePlus } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { imageVariantUrl } from "@shared/rules/images.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input, Textarea } from "@client/components/ui/input";
import { toastError } from "@client/lib/admin/toast-error";
import { checkImageFiles } from "@client/lib/admin/image-checks";
import { useSaveSettings, type SiteSettings } from "./settings-api";

/** Hero title, subtitle and background image of the home page. */
export function HeroSettingsForm({ settings }: { settings: SiteSettings }) {
  const [title, setTitle] = useState(settings.hero_title);
  const [subtitle, setSubtitle] = useState(settings.hero_subtitle);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const save = useSaveSettings();

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (files: File[]) => {
    const { accepted, error } = checkImageFiles(files, 0);
    setFileError(error);
    if (accepted[0]) setFile(accepted[0]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      [
        { key: "hero_title", value: title },
        { key: "hero_subtitle", value: subtitle },
        ...(file ? [{ key: "hero_image" as const, image: file }] : []),
      ],
      {
        onSuccess: () => {
          setFile(null);
          toast.success("Settings Updated", { description: "Your changes have been saved successfully." });
        },
        onError: (error) => toastError(error),
      },
    );
  };

  const current = preview ?? (settings.hero_image ? imageVariantUrl(settings.hero_image, "full") : null);
  return (
    <form onSubmit={submit} className="space-y-5">
      <Field id="hero-title" label="Hero Title">
        <Input id="hero-title" value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field id="hero-subtitle" label="Hero Subtitle">
        <Textarea id="hero-subtitle" value={subtitle} maxLength={500} onChange={(e) => setSubtitle(e.target.value)} />
      </Field>
      <Field
        id="hero-image"
        label="Background Image"
        hint="JPEG, PNG or WebP under 10MB."
        error={fileError ?? undefined}
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="flex aspect-[16/9] w-full items-center justify-center overflow-hidden rounded-xl bg-sand/30 sm:w-72">
            {current ? (
              <img
                src={current}
                alt="Hero background preview"
                className="h-full w-full object-cover"
                width={288}
                height={162}
              />
            ) : (
              <span className="text-sm text-muted">No image yet</span>
            )}
          </div>
          <label className="inline-flex w-fit cursor-pointer items-center gap-2 rounded-full border border-ink/20 px-4 py-2 text-sm font-medium hover:bg-ink/5 focus-within:outline-2 focus-within:outline-rose">
            <ImagePlus className="h-4 w-4" aria-hidden /> {file ? "Change image" : "Upload image"}
            <input
              id="hero-image"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              onChange={(e) => {
                choose([...(e.target.files ?? [])]);
                e.target.value = "";
              }}
            />
          </label>
        </div>
      </Field>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save Hero Settings"}
      </Button>
    </form>
  );
}
