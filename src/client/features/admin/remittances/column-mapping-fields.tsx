import { MAPPING_FIELDS, MAPPING_LABELS, type RemittanceMapping } from "@shared/schemas/remittances.js";
import { Field } from "@client/components/ui/field";
import { NativeSelect } from "@client/components/ui/native-select";

/** Which of the sheet's columns holds each field; the tracking number and the amount are required. */
export function ColumnMappingFields({
  columns,
  mapping,
  onChange,
}: {
  columns: string[];
  mapping: Partial<RemittanceMapping>;
  onChange: (mapping: Partial<RemittanceMapping>) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {MAPPING_FIELDS.map((field) => (
        <Field key={field} id={`remit-map-${field}`} label={MAPPING_LABELS[field]}>
          <NativeSelect
            id={`remit-map-${field}`}
            value={mapping[field] ?? ""}
            onChange={(e) => onChange({ ...mapping, [field]: e.target.value || undefined })}
          >
            <option value="">
              {field === "trackingNumber" || field === "amount" ? "Choose a column" : "Not in this sheet"}
            </option>
            {columns.filter(Boolean).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ))}
    </div>
  );
}
