import type { SheetPreview } from "@shared/schemas/remittances.js";

/** The sheet's headers and first rows, as the server read them. */
export function SheetPreviewTable({ preview }: { preview: SheetPreview }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-ink/10">
      <table className="w-full text-left text-xs" aria-label="First rows of the sheet">
        <thead className="bg-ink/5">
          <tr>
            {preview.columns.map((c, i) => (
              <th key={i} className="px-2 py-1.5 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, r) => (
            <tr key={r} className="border-t border-ink/5">
              {preview.columns.map((_, i) => (
                <td key={i} className="px-2 py-1.5">
                  {row[i] ?? ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
