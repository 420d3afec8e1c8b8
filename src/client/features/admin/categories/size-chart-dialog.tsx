import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { Category } from "@shared/schemas/categories.js";
import type { SizeChart } from "@shared/schemas/attributes.js";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";
import { Field } from "@client/components/ui/field";
import { Input, Textarea } from "@client/components/ui/input";
import { ApiError } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { useSaveCategory } from "./categories-admin-api";

const cells = (line: string) => line.split(",").map((c) => c.trim());

/** The chart as the owner types it: a heading line, then one line per row, cells split by commas. */
function chartOf(columns: string, rows: string, note: string): SizeChart {
  return {
    columns: cells(columns).filter(Boolean),
    rows: rows
      .split("\n")
      .filter((l) => l.trim())
      .map(cells),
    note: note.trim(),
  };
}

/** Edit a category's size chart (shown from its products' pages), or remove it. */
export function SizeChartDialog({
  category,
  onOpenChange,
}: {
  category: Category | null;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveCategory();
  const [columns, setColumns] = useState("");
  const [rows, setRows] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const chart = category?.sizeChart;
    setColumns(chart?.columns.join(", ") ?? "Size, Chest (in), Length (in)");
    setRows(chart?.rows.map((r) => r.join(", ")).join("\n") ?? "");
    setNote(chart?.note ?? "");
    setErrors({});
  }, [category]);

  if (!category) return null;
  const send = (sizeChart: SizeChart | null) =>
    save.mutate(
      { id: category.id, name: category.name, slug: category.slug, description: category.description, sizeChart },
      {
        onSuccess: () => {
          toast.success(sizeChart ? "Size Chart Saved" : "Size Chart Removed", { description: category.name });
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.details);
          toastError(error);
        },
      },
    );
  const rowErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith("sizeChart.rows"))
    .map(([, v]) => v);

  return (
    <Dialog open onOpenChange={onOpenChange} title={`Size Chart: ${category.name}`} className="max-w-2xl">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          send(chartOf(columns, rows, note));
        }}
      >
        <Field
          id="chart-columns"
          label="Columns"
          hint="The heading of each column, separated by commas."
          error={errors["sizeChart.columns"] ?? errors["sizeChart.columns.0"]}
        >
          <Input id="chart-columns" value={columns} onChange={(e) => setColumns(e.target.value)} />
        </Field>
        <Field
          id="chart-rows"
          label="Rows"
          hint="One size per line, its cells separated by commas (S, 36, 40)."
          error={errors["sizeChart.rows"] ?? rowErrors.join(" ")}
        >
          <Textarea id="chart-rows" rows={6} value={rows} onChange={(e) => setRows(e.target.value)} />
        </Field>
        <Field id="chart-note" label="Note" error={errors["sizeChart.note"]}>
          <Input id="chart-note" value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          {category.sizeChart && (
            <Button variant="outline" className="mr-auto" disabled={save.isPending} onClick={() => send(null)}>
              Remove Chart
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Chart"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
