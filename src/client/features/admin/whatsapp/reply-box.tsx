import { useState } from "react";
import { toast } from "sonner";
import { orderNumber } from "@shared/rules/labels.js";
import { WHATSAPP_TEXT_MAX, type Conversation } from "@shared/schemas/whatsapp.js";
import { Button } from "@client/components/ui/button";
import { useResendConfirmation } from "@client/lib/admin/order-confirmation-api";
import { toastError } from "@client/lib/admin/toast-error";
import { useSendReply } from "./inbox-api";
import { when } from "./inbox-time";

/** A free reply inside WhatsApp's 24-hour window; outside it, the confirmation template sent again. */
export function ReplyBox({ conversation }: { conversation: Conversation }) {
  const [text, setText] = useState("");
  const send = useSendReply(conversation.phone);
  const pending = conversation.orders.find((o) => o.status === "pending");
  const resend = useResendConfirmation(pending?.id ?? "");
  if (!conversation.window.open) {
    return (
      <div className="space-y-2 rounded-xl border border-ink/10 p-3 text-sm" role="status">
        <p>
          {conversation.window.closesAt
            ? "More than 24 hours have passed since this customer last wrote, so WhatsApp only allows a template message now."
            : "This customer has not written to the store on WhatsApp, so WhatsApp only allows a template message."}{" "}
          Their next message opens the window again.
        </p>
        {pending ? (
          <Button
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => toast.success(`The confirmation for order #${orderNumber(pending.id)} is on its way`),
                onError: (e) => toastError(e),
              })
            }
          >
            Resend the confirmation template
          </Button>
        ) : (
          <p className="text-muted">No pending order to send the confirmation template for.</p>
        )}
      </div>
    );
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    send.mutate(text, { onSuccess: () => setText(""), onError: (err) => toastError(err) });
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor="whatsapp-reply" className="text-sm font-medium">
        Reply on WhatsApp
      </label>
      <textarea
        id="whatsapp-reply"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={WHATSAPP_TEXT_MAX}
        rows={3}
        className="w-full rounded-xl border border-ink/20 p-2 text-sm"
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <span>
          Free replies until {when(conversation.window.closesAt)} · {text.length}/
          {WHATSAPP_TEXT_MAX.toLocaleString("en")}
        </span>
        <Button type="submit" size="sm" disabled={send.isPending || text.trim() === ""}>
          Send
        </Button>
      </div>
    </form>
  );
}
