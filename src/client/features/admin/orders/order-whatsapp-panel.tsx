import { RefreshCw } from "lucide-react";
import { toast } from "sonner";
import type { AdminOrder } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { errorMessage } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { ConfirmationBadge, RiskBadge } from "./confirmation-badges";
import { useOrderMessages, useResendConfirmation } from "@client/lib/admin/order-confirmation-api";
import { dateTime } from "@client/lib/admin/date-time";

const KIND_LABELS: Record<string, string> = {
  confirm: "Confirmation request",
  reminder: "Reminder",
  reply: "Reply",
  review: "Review request",
  button: "Button pressed",
  interactive: "Button pressed",
  text: "Message",
};

/** The order view's WhatsApp part: risk and its reasons, the confirmation, the messages, and resend. */
export function OrderWhatsappPanel({ order }: { order: AdminOrder }) {
  const messages = useOrderMessages(order.id);
  const resend = useResendConfirmation(order.id);
  const canResend = order.status === "pending" && order.confirmation.state !== "off";
  return (
    <section aria-label="WhatsApp confirmation and risk" className="space-y-3 rounded-xl border border-ink/10 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <RiskBadge level={order.risk.level} />
        <ConfirmationBadge state={order.confirmation.state} />
        {canResend && (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => toast.success("Confirmation queued", { description: "It will be sent in a moment." }),
                onError: (error) => toastError(error),
              })
            }
          >
            <RefreshCw className="h-4 w-4" aria-hidden /> Resend confirmation
          </Button>
        )}
      </div>
      {order.risk.reasons.length > 0 && (
        <ul aria-label="Risk reasons" className="list-disc space-y-1 pl-5 text-amber-900">
          {order.risk.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {messages.isError ? (
        <p className="text-red-700">{errorMessage(messages.error)}</p>
      ) : messages.data && messages.data.length > 0 ? (
        <ol aria-label="WhatsApp messages" className="space-y-2">
          {messages.data.map((m) => (
            <li
              key={m.id}
              className={m.direction === "in" ? "mr-10 rounded-lg bg-green-50 p-2" : "ml-10 rounded-lg bg-cream p-2"}
            >
              <p className="text-xs text-muted">
                {m.direction === "in" ? "Customer" : "Store"} · {KIND_LABELS[m.kind] ?? m.kind} · {m.state} ·{" "}
                {dateTime(m.createdAt)}
              </p>
              {m.body && <p className="whitespace-pre-line">{m.body}</p>}
              {m.error && <p className="text-red-700">{m.error}</p>}
            </li>
          ))}
        </ol>
      ) : (
        messages.data && <p className="text-muted">No WhatsApp messages for this order yet.</p>
      )}
    </section>
  );
}
