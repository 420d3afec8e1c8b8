import { CONFIRMATION_STATES, type ConfirmationState } from "@shared/rules/confirmation.js";
import { RISK_LEVELS, type RiskLevel } from "@shared/schemas/orders.js";
import { NativeSelect } from "@client/components/ui/native-select";
import { CONFIRMATION_LABELS, RISK_LABELS } from "./confirmation-badges";
import type { QueueFilters } from "@client/lib/admin/orders-api";
import type { AdvanceFilter } from "@shared/rules/advance.js";

/** The agents' queue: orders by WhatsApp confirmation state and by risk. */
export function QueueFilterSelects({
  value,
  onChange,
}: {
  value: QueueFilters;
  onChange: (next: QueueFilters) => void;
}) {
  return (
    <div className="mb-4 flex flex-wrap gap-3">
      <NativeSelect
        aria-label="Filter by confirmation"
        value={value.confirmation ?? ""}
        onChange={(e) => onChange({ ...value, confirmation: (e.target.value || undefined) as ConfirmationState })}
        className="w-48"
      >
        <option value="">Any confirmation</option>
        {CONFIRMATION_STATES.map((s) => (
          <option key={s} value={s}>
            {CONFIRMATION_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Filter by risk"
        value={value.risk ?? ""}
        onChange={(e) => onChange({ ...value, risk: (e.target.value || undefined) as RiskLevel })}
        className="w-40"
      >
        <option value="">Any risk</option>
        {RISK_LEVELS.map((r) => (
          <option key={r} value={r}>
            {RISK_LABELS[r]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Filter by advance"
        value={value.advance ?? ""}
        onChange={(e) => onChange({ ...value, advance: (e.target.value || undefined) as AdvanceFilter })}
        className="w-44"
      >
        <option value="">Any advance</option>
        <option value="owed">Advance owed</option>
        <option value="submitted">Proof sent</option>
        <option value="rejected">Proof rejected</option>
        <option value="paid">Advance paid</option>
      </NativeSelect>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value.issue === "open"}
          onChange={(e) => onChange({ ...value, issue: e.target.checked ? "open" : undefined })}
        />
        Failed deliveries to answer
      </label>
    </div>
  );
}
