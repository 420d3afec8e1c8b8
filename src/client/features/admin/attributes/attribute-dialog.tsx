import { Plus, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import type { Attribute } from "@shared/schemas/attributes.js";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { ApiError } from "@client/lib/api";
import { useSaveAttribute } from "@client/lib/admin/attributes-api";
import { toastError } from "@client/lib/admin/toast-error";

/** A value row: what it was when the dialog opened (a rename keeps its products), and what it is now. */
interface ValueRow {
  key: number;
  was?: string;
  value: string;
}

/** Add (no attribute given) or edit an attribute: its name and its values (renamed, added, removed). */
export function AttributeDialog({
  open,
  onOpenChange,
  attribute,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  attribute: Attribute | null;
}) {
  const save = useSaveAttribute();
  // Made once per opening (useEditDialog gives each a new dialog).
  const start = attribute?.values ?? [""];
  const [name, setName] = useState(attribute?.name ?? "");
  const [rows, setRows] = useState<ValueRow[]>(() =>
    start.map((v, i) => ({ key: i, was: attribute ? v : undefined, value: v })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [nextKey, setNextKey] = useState(start.length);

  const submit = () => {
    const kept = rows.filter((r) => r.value.trim());
    const values = kept.map((r) => r.value.trim());
    const renames = Object.fromEntries(
      kept.filter((r) => r.was !== undefined && r.was !== r.value.trim()).map((r) => [r.was!, r.value.trim()]),
    );
    const input = attribute ? { name: name.trim(), values, renames } : { name: name.trim(), values };
    save.mutate(
      { id: attribute?.id, input },
      {
        onSuccess: (saved) => {
          toast.success(attribute ? "Attribute Updated" : "Attribute Added", {
            description: `${saved.name} has been saved.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.details);
          toastError(error);
        },
      },
    );
  };
  const valueError = Object.entries(errors).find(([k]) => k.startsWith("values") || k === "renames")?.[1];

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={attribute ? "Edit Attribute" : "Add Attribute"}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field id="attribute-name" label="Name" hint="What shoppers filter by, e.g. Fabric" error={errors.name}>
          <Input
            id="attribute-name"
            value={name}
            aria-invalid={!!errors.name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Values</legend>
          <p className="mb-2 text-xs text-muted">
            Renaming a value keeps the products filed under it; removing one takes it off them.
          </p>
          <div className="space-y-2">
            {rows.map((row, i) => (
              <div key={row.key} className="flex gap-2">
                <Input
                  aria-label={`Value ${i + 1}`}
                  value={row.value}
                  onChange={(e) => setRows(rows.map((r) => (r.key === row.key ? { ...r, value: e.target.value } : r)))}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${row.value || `value ${i + 1}`}`}
                  onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
                >
                  <X className="h-4 w-4" />
                </Button>
              </div>
            ))}
          </div>
          {valueError && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {valueError}
            </p>
          )}
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => {
              setRows([...rows, { key: nextKey, value: "" }]);
              setNextKey(nextKey + 1);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden /> Add Value
          </Button>
        </fieldset>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : attribute ? "Update Attribute" : "Add Attribute"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
