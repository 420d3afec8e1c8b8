import { Plus, X } from "lucide-react";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { fieldError } from "./field-errors";
import { MAX_OPTIONS, type DraftOption } from "./variant-draft";

/** Up to three options, each a name and its values (comma separated), in the order shoppers choose them. */
export function OptionsEditor({
  options,
  errors,
  onChange,
}: {
  options: DraftOption[];
  errors: Record<string, string>;
  onChange: (options: DraftOption[]) => void;
}) {
  const set = (i: number, patch: Partial<DraftOption>) =>
    onChange(options.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Options</legend>
      <p className="text-xs text-muted">
        In the order shoppers choose them, e.g. Make (Unstitched, Stitched), then Size, then Color.
      </p>
      {errors.options && (
        <p role="alert" className="text-sm text-red-700">
          {errors.options}
        </p>
      )}
      {options.map((option, i) => (
        <div key={i} className="grid items-start gap-2 sm:grid-cols-[10rem_1fr_auto]">
          <Field id={`option-${i}-name`} label={`Option ${i + 1} name`} error={fieldError(errors, `options.${i}.name`)}>
            <Input
              id={`option-${i}-name`}
              value={option.name}
              placeholder="e.g. Make"
              aria-invalid={!!fieldError(errors, `options.${i}.name`)}
              onChange={(e) => set(i, { name: e.target.value })}
            />
          </Field>
          <Field
            id={`option-${i}-values`}
            label={`Option ${i + 1} values`}
            hint="Comma separated, e.g. Unstitched, Stitched"
            error={fieldError(errors, `options.${i}.values`) ?? fieldError(errors, `options.${i}`)}
          >
            <Input
              id={`option-${i}-values`}
              value={option.values}
              aria-invalid={!!fieldError(errors, `options.${i}.values`)}
              onChange={(e) => set(i, { values: e.target.value })}
            />
          </Field>
          <Button
            variant="ghost"
            size="icon"
            className="sm:mt-7"
            aria-label={`Remove option ${option.name || i + 1}`}
            onClick={() => onChange(options.filter((_, j) => j !== i))}
          >
            <X className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      ))}
      {options.length < MAX_OPTIONS && (
        <Button variant="outline" size="sm" onClick={() => onChange([...options, { name: "", values: "" }])}>
          <Plus className="h-4 w-4" aria-hidden />
          Add option
        </Button>
      )}
    </fieldset>
  );
}
