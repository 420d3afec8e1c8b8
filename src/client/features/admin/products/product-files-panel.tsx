import { Download, Upload } from "lucide-react";
import { useEffect, useState } from "react";
import { PRODUCT_IMPORT_MAX_ROWS, type ProductFileFormat } from "@shared/schemas/product-import.js";
import { Panel } from "@client/components/admin/panel";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { errorMessage } from "@client/lib/api";
import { ImportResultSummary } from "./import-result-summary";
import { exportUrl, useImportProducts, useImportProgress } from "./product-import-api";

/** The background import being watched, kept across a reload of the page. */
const RUNNING_KEY = "admin.productImport";

function rememberedImport(): number | null {
  const id = Number(globalThis.localStorage?.getItem(RUNNING_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Products → Import and Export: choose a file and its format, check it (dry run), import, watch a large one. */
export function ProductFilesPanel() {
  const [open, setOpen] = useState(() => rememberedImport() !== null);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ProductFileFormat>("shopify");
  const [backgroundId, setBackgroundId] = useState<number | null>(rememberedImport);
  const send = useImportProducts();
  const progress = useImportProgress(backgroundId);

  useEffect(() => {
    if (backgroundId === null) localStorage.removeItem(RUNNING_KEY);
    else localStorage.setItem(RUNNING_KEY, String(backgroundId));
  }, [backgroundId]);

  const run = (dryRun: boolean) => {
    if (!file) return;
    send.mutate(
      { file, format, dryRun },
      { onSuccess: (answer) => setBackgroundId("id" in answer ? answer.id : null) },
    );
  };
  const answered = send.data && "result" in send.data ? send.data.result : null;
  const checked = answered?.dryRun && answered.errors.length === 0;
  const running = progress.data?.state === "running";
  const percent = progress.data ? Math.round((progress.data.rowsDone / Math.max(1, progress.data.rows)) * 100) : 0;

  return (
    <Panel
      title="Import and export"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            <Upload className="h-4 w-4" aria-hidden /> Import
          </Button>
          {(["shopify", "store"] as const).map((f) => (
            <a
              key={f}
              href={exportUrl(f)}
              download
              className="inline-flex items-center gap-1.5 rounded-lg border border-ink/15 px-3 py-1.5 text-sm font-medium hover:bg-ink/5"
            >
              <Download className="h-4 w-4" aria-hidden /> Export {f === "shopify" ? "(Shopify CSV)" : "(store CSV)"}
            </a>
          ))}
        </div>
      }
    >
      {open && (
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="import-file"
              label="Products file (CSV or Excel .xlsx)"
              hint={`Up to 20 MB and ${PRODUCT_IMPORT_MAX_ROWS.toLocaleString("en-PK")} rows`}
            >
              <Input
                id="import-file"
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  send.reset();
                }}
              />
            </Field>
            <Field id="import-format" label="Format" hint="Shopify: Products → Export → CSV for Excel or plain CSV">
              <NativeSelect
                id="import-format"
                value={format}
                onChange={(e) => {
                  setFormat(e.target.value as ProductFileFormat);
                  send.reset();
                }}
              >
                <option value="shopify">Shopify product CSV</option>
                <option value="store">This store's product file</option>
              </NativeSelect>
            </Field>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => run(true)} disabled={!file || send.isPending || running}>
              {send.isPending && send.variables?.dryRun ? "Checking…" : "Check file"}
            </Button>
            <Button onClick={() => run(false)} disabled={!file || !checked || send.isPending || running}>
              {send.isPending && !send.variables?.dryRun ? "Importing…" : "Import"}
            </Button>
          </div>
          {send.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(send.error)}
            </p>
          )}
          {answered && <ImportResultSummary result={answered} />}
          {progress.data && (
            <div className="space-y-2">
              <p className="text-sm" id="import-progress-label">
                {running
                  ? `Importing in the background: ${progress.data.rowsDone.toLocaleString("en-PK")} of ${progress.data.rows.toLocaleString("en-PK")} rows`
                  : progress.data.state === "failed"
                    ? progress.data.error
                    : "The import is done."}
              </p>
              <progress className="h-2 w-full" max={100} value={percent} aria-labelledby="import-progress-label" />
              {progress.data.result && <ImportResultSummary result={progress.data.result} />}
              {!running && (
                <Button size="sm" variant="outline" onClick={() => setBackgroundId(null)}>
                  Dismiss
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </Panel>
  );
}
