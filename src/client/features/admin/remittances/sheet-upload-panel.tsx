import { useState } from "react";
import { Upload } from "lucide-react";
import { toast } from "sonner";
import {
  MAPPING_FIELDS,
  MAPPING_LABELS,
  type MappingField,
  type RemittanceMapping,
  type SheetPreview,
} from "@shared/schemas/remittances.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { errorMessage } from "@client/lib/api";
import { Panel } from "@client/components/admin/panel";
import { useImportSheet, usePreviewSheet } from "./remittances-api";

/** Header words that usually name each field on couriers' sheets: a first guess the owner corrects. */
const GUESSES: Record<MappingField, RegExp> = {
  trackingNumber: /\b(cn|tracking|consignment|awb)\b/i,
  amount: /\b(net|cod|amount|paid|payable)\b/i,
  charges: /\b(charges?|fee|freight|shipping)\b/i,
  tax: /\b(tax|wht|gst)\b/i,
  paidAt: /\bdate\b/i,
  reference: /\b(cheque|cpr|ref|reference|invoice|slip)\b/i,
};

function firstMapping(preview: SheetPreview): Partial<RemittanceMapping> {
  const has = (c: string | undefined) => !!c && preview.columns.some((h) => h.toLowerCase() === c.toLowerCase());
  const remembered = preview.mapping ?? {};
  const mapping: Partial<RemittanceMapping> = {};
  const taken = new Set<string>();
  for (const field of MAPPING_FIELDS) {
    const known = remembered[field];
    const column = has(known) ? known : preview.columns.find((h) => h && !taken.has(h) && GUESSES[field].test(h));
    if (column) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

/** Upload a settlement sheet: see its first rows, choose its columns (remembered per courier), import. */
export function SheetUploadPanel({ couriers }: { couriers: string[] }) {
  const [courier, setCourier] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Partial<RemittanceMapping>>({});
  const preview = usePreviewSheet();
  const importing = useImportSheet();

  const choose = (chosen: File | null) => {
    setFile(chosen);
    importing.reset();
    if (!chosen) return preview.reset();
    preview.mutate({ courier, file: chosen }, { onSuccess: (p) => setMapping(firstMapping(p)) });
  };
  const ready = !!courier.trim() && !!file && !!mapping.trackingNumber && !!mapping.amount;
  const submit = () => {
    if (!ready) return;
    importing.mutate(
      { courier: courier.trim(), file: file!, mapping: mapping as RemittanceMapping },
      {
        onSuccess: (r) =>
          toast.success("Sheet imported", {
            description: `${r.rows} rows: ${r.matched} matched, ${r.unmatched} unknown, ${r.duplicates} already recorded`,
          }),
      },
    );
  };

  return (
    <Panel title="Import a settlement sheet">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="remit-courier" label="Courier" hint="As the orders name it">
          <Input
            id="remit-courier"
            list="remit-couriers"
            value={courier}
            onChange={(e) => setCourier(e.target.value)}
            autoComplete="off"
          />
          <datalist id="remit-couriers">
            {couriers.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </Field>
        <Field id="remit-file" label="Sheet (CSV or Excel .xlsx, up to 20 MB)">
          <Input
            id="remit-file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
        </Field>
      </div>
      {preview.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(preview.error)}
        </p>
      )}
      {preview.data && (
        <div className="mt-4 space-y-4">
          <div className="overflow-x-auto rounded-lg border border-ink/10">
            <table className="w-full text-left text-xs" aria-label="First rows of the sheet">
              <thead className="bg-ink/5">
                <tr>
                  {preview.data.columns.map((c, i) => (
                    <th key={i} className="px-2 py-1.5 font-medium">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.data.rows.map((row, r) => (
                  <tr key={r} className="border-t border-ink/5">
                    {preview.data!.columns.map((_, i) => (
                      <td key={i} className="px-2 py-1.5">
                        {row[i] ?? ""}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            {MAPPING_FIELDS.map((field) => (
              <Field key={field} id={`remit-map-${field}`} label={MAPPING_LABELS[field]}>
                <NativeSelect
                  id={`remit-map-${field}`}
                  value={mapping[field] ?? ""}
                  onChange={(e) => setMapping((m) => ({ ...m, [field]: e.target.value || undefined }))}
                >
                  <option value="">
                    {field === "trackingNumber" || field === "amount" ? "Choose a column" : "Not in this sheet"}
                  </option>
                  {preview.data!.columns.filter(Boolean).map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            ))}
          </div>
          {importing.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(importing.error)}
            </p>
          )}
          {importing.data && (
            <p role="status" className="text-sm">
              Imported {importing.data.rows} rows: {importing.data.matched} matched, {importing.data.unmatched} unknown,{" "}
              {importing.data.duplicates} already recorded.
            </p>
          )}
          <Button onClick={submit} disabled={!ready || importing.isPending}>
            <Upload className="h-4 w-4" aria-hidden /> {importing.isPending ? "Importing…" : "Import sheet"}
          </Button>
        </div>
      )}
    </Panel>
  );
}
