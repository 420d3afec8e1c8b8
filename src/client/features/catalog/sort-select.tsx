import { NativeSelect } from "@client/components/ui/native-select";
import { SORT_OPTIONS, type SortOrder } from "./product-sorting";

/** The list's sort order, sorted on the server: the shop's, a collection's and the search results'. */
export function SortSelect({
  id,
  sort,
  onChange,
}: {
  id: string;
  sort: SortOrder;
  onChange: (sort: SortOrder) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Sort by
      </label>
      <NativeSelect id={id} value={sort} onChange={(e) => onChange(e.target.value as SortOrder)} className="w-48">
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
