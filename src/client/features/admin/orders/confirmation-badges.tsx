import type { ConfirmationState } from "@shared/rules/confirmation.js";
import type { RiskLevel } from "@shared/schemas/orders.js";
import { Badge } from "@client/components/ui/badge";

export const CONFIRMATION_LABELS: Record<ConfirmationState, string> = {
  off: "Not sent",
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  failed: "Failed",
  expired: "Expired",
  held: "Held for an agent",
};

const CONFIRMATION_COLOURS: Partial<Record<ConfirmationState, string>> = {
  queued: "bg-gray-100 text-gray-900",
  sent: "bg-sky-100 text-sky-900",
  delivered: "bg-sky-100 text-sky-900",
  read: "bg-indigo-100 text-indigo-900",
  confirmed: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
  failed: "bg-red-100 text-red-900",
  expired: "bg-amber-100 text-amber-900",
  held: "bg-orange-100 text-orange-900",
};

export function ConfirmationBadge({ state }: { state: ConfirmationState }) {
  return (
    <Badge className={CONFIRMATION_COLOURS[state] ?? "bg-gray-50 text-gray-600"} title="WhatsApp confirmation">
      {CONFIRMATION_LABELS[state]}
    </Badge>
  );
}

export const RISK_LABELS: Record<RiskLevel, string> = { low: "Low risk", medium: "Medium risk", high: "High risk" };
const RISK_COLOURS: Record<RiskLevel, string> = {
  low: "bg-green-50 text-green-800",
  medium: "bg-amber-100 text-amber-900",
  high: "bg-red-600 text-white",
};

export function RiskBadge({ level, reasons = [] }: { level: RiskLevel; reasons?: string[] }) {
  return (
    <Badge className={RISK_COLOURS[level]} title={reasons.join("\n") || undefined}>
      {RISK_LABELS[level]}
    </Badge>
  );
}
