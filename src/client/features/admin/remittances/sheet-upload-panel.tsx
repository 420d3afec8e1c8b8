import { useState } from "react";
import { Upload } from "lucide-react";
import { toast } from "sonner";
import type { RemittanceMapping } from "@shared/schemas/remittances.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { errorMessage } from "@client/lib/api";
import { Panel } from "@client/components/admin/panel";
import { ColumnMappingFields } from "./column-mapping-fields";
import { useImportSheet, usePreviewSheet } from "./remittances-api";
import { firstMapping } from "./sheet-mapping";
import { SheetPreviewTable } from "./sheet-preview-table";

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
          <SheetPreviewTable preview={preview.data} />
          <ColumnMappingFields columns={preview.data.columns} mapping={mapping} onChange={setMapping} />
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
