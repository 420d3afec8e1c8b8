import { useAttributes } from "@client/lib/admin/attributes-api";

/**
 * The product's attributes (Fabric, Pieces, ...): a tick per kept value. Its own part of the
 * product form, mounted by the dialog; the server checks the choices against the kept list.
 */
export function ProductAttributes({
  value,
  onChange,
  error,
}: {
  value: Record<string, string[]>;
  onChange: (value: Record<string, string[]>) => void;
  error?: string;
}) {
  const attributes = useAttributes();
  if (!attributes.data?.length) return null;
  const toggle = (name: string, v: string) => {
    const had = value[name] ?? [];
    const next = had.includes(v) ? had.filter((x) => x !== v) : [...had, v];
    const { [name]: _, ...rest } = value;
    onChange(next.length ? { ...rest, [name]: next } : rest);
  };
  return (
    <div className="space-y-3">
      {attributes.data.map((a) => (
        <fieldset key={a.id}>
          <legend className="mb-1.5 text-sm font-medium">{a.name}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1.5">
            {a.values.map((v) => (
              <label key={v} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-ink"
                  checked={(value[a.name] ?? []).includes(v)}
                  onChange={() => toggle(a.name, v)}
                />
                {v}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
