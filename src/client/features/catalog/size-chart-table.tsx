import type { SizeChart } from "@shared/schemas/attributes.js";

/** A size chart as a table that scrolls sideways on a phone rather than squeezing its columns. */
export function SizeChartTable({ chart }: { chart: SizeChart }) {
  return (
    <div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-max border-collapse text-sm">
          <thead>
            <tr>
              {chart.columns.map((c, i) => (
                <th key={i} scope="col" className="border-b border-ink/15 px-3 py-2 text-left font-semibold">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row, r) => (
              <tr key={r} className="odd:bg-cream/60">
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="px-3 py-2 text-left font-medium">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className="px-3 py-2 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {chart.note && <p className="mt-3 text-sm text-muted">{chart.note}</p>}
    </div>
  );
}
