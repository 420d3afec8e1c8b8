import type { ProductImportResult } from "@shared/schemas/product-import.js";

const n = (x: number) => x.toLocaleString("en-PK");

/** A dry run's or an import's counts, its errors by line and column, the pictures not fetched and the columns not used. */
export function ImportResultSummary({ result }: { result: ProductImportResult }) {
  const { products, variants, images } = result;
  const heads = result.dryRun ? ["To create", "To update"] : ["Created", "Updated"];
  return (
    <div className="space-y-3 text-sm" role="status">
      <p className="font-medium">
        {result.dryRun ? "Checked" : result.errors.length ? "Not imported" : "Imported"}: {n(result.rows)} rows.
      </p>
      <table className="text-left [&_td]:pr-6 [&_th]:pr-6 [&_th]:font-medium">
        <thead>
          <tr>
            <th />
            <th>{heads[0]}</th>
            <th>{heads[1]}</th>
            <th>Unchanged</th>
          </tr>
        </thead>
        <tbody>
          {(
            [
              ["Products", products],
              ["Variants", variants],
            ] as const
          ).map(([label, c]) => (
            <tr key={label}>
              <th>{label}</th>
              <td>{n(c.created)}</td>
              <td>{n(c.updated)}</td>
              <td>{n(c.unchanged)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Pictures {result.dryRun ? "to fetch" : "fetched"}: {n(images.fetched)}
        {images.failed > 0 && `, not fetched: ${n(images.failed)}`}
      </p>
      {result.errors.length > 0 && (
        <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          <p className="font-medium">
            {n(result.errors.length)} {result.errors.length === 1 ? "error" : "errors"}: nothing is written until the
            file has none.
          </p>
          <ul className="mt-2 max-h-60 list-disc space-y-1 overflow-y-auto pl-5">
            {result.errors.map((e, i) => (
              <li key={i}>
                {e.line > 0 && `Line ${e.line}${e.column ? `, ${e.column}` : ""}: `}
                {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.warnings.length > 0 && (
        <div className="rounded-lg bg-amber-50 p-3 text-amber-900">
          <p className="font-medium">
            {n(result.warnings.length)} {result.warnings.length === 1 ? "picture" : "pictures"} left out (the rest is
            imported):
          </p>
          <ul className="mt-2 max-h-40 list-disc space-y-1 overflow-y-auto pl-5">
            {result.warnings.map((w, i) => (
              <li key={i}>
                Line {w.line}, {w.column}: {w.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.failedImages.length > 0 && (
        <ul className="max-h-40 list-disc space-y-1 overflow-y-auto pl-5 text-amber-800">
          {result.failedImages.map((f) => (
            <li key={f.url}>{f.message}</li>
          ))}
        </ul>
      )}
      {result.ignoredColumns.length > 0 && (
        <p className="text-muted">Columns not used: {result.ignoredColumns.join(", ")}.</p>
      )}
    </div>
  );
}
