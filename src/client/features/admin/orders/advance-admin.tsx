import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { PAYMENT_METHOD_NAMES, type AdvanceStatus, type PaymentMethod } from "@shared/rules/advance.js";
import { formatRs } from "@shared/rules/money.js";
import type { AdvanceAnswer, AdvanceDecisionInput } from "@shared/schemas/advance.js";
import type { AdminOrder, AdminOrderDetail } from "@shared/schemas/orders.js";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { api, ApiError } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { refreshAfterOrderChange } from "@client/lib/admin/orders-api";
import { useAdminSession } from "@client/lib/admin/session";

export const ADVANCE_LABELS: Record<AdvanceStatus, string> = {
  none: "None",
  due: "Advance due",
  submitted: "Proof sent",
  paid: "Advance paid",
  rejected: "Proof rejected",
};

const ADVANCE_COLOURS: Record<AdvanceStatus, string> = {
  none: "bg-gray-50 text-gray-500",
  due: "bg-amber-100 text-amber-900",
  submitted: "bg-sky-100 text-sky-900",
  paid: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
};

/** The orders table's Advance column. */
export function AdvanceBadge({ advance }: { advance: AdminOrder["advance"] }) {
  if (advance.status === "none") return <span className="text-xs text-muted">—</span>;
  return (
    <Badge className={ADVANCE_COLOURS[advance.status]} title={`Advance ${formatRs(advance.amount)}`}>
      {ADVANCE_LABELS[advance.status]} {advance.status === "paid" ? formatRs(advance.paid) : formatRs(advance.amount)}
    </Badge>
  );
}

/** PATCH /api/admin/orders/{id}/advance. */
function useDecideAdvance(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdvanceDecisionInput) =>
      api<AdvanceAnswer>(`/api/admin/orders/${id}/advance`, { method: "PATCH", json: input }),
    // Told here, not at the call: the order view re-mounts its advance once the order is read again.
    onSuccess: (_answer, input) => {
      toast.success(input.status === "paid" ? "Advance marked paid" : "Proof rejected; the shopper sees your note");
      return refreshAfterOrderChange(qc);
    },
    onError: (error) => toastError(error),
  });
}

/** The order view's advance: what is owed, the shopper's proof, and Mark paid / Reject (audited). */
export function AdvanceSection({ order }: { order: AdminOrderDetail }) {
  const { advance } = order;
  const decide = useDecideAdvance(order.id);
  const owner = useAdminSession().data?.role === "owner";
  // What is left to receive, as the server computed it (the browser never computes money).
  const owed = Number(advance.owed);
  const [amount, setAmount] = useState(String(owed));
  const [note, setNote] = useState("");
  // Set once the server refuses an amount short of what is owed: the owner may then override.
  const [short, setShort] = useState(false);
  const [reason, setReason] = useState("");
  if (advance.status === "none") return null;
  const open = advance.status !== "paid";
  const run = (input: AdvanceDecisionInput) =>
    decide.mutate(input, {
      onError: (error) => {
        if (error instanceof ApiError && "amount" in error.details && Number(amount) < owed) setShort(true);
      },
    });
  return (
    <section aria-label="Advance" className="space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Advance {formatRs(advance.amount)}</h3>
        <AdvanceBadge advance={advance} />
      </div>
      {advance.method && (
        <p>
          {PAYMENT_METHOD_NAMES[advance.method as PaymentMethod] ?? advance.method}, reference{" "}
          <span className="font-mono">{advance.reference}</span>
        </p>
      )}
      {advance.note && <p className="text-muted">Note: {advance.note}</p>}
      {order.advanceProof && (
        <a href={order.advanceProof.url} target="_blank" rel="noreferrer" className="inline-block">
          <img
            src={order.advanceProof.url}
            alt="The shopper's payment proof"
            className="max-h-64 rounded-lg border border-ink/10"
          />
        </a>
      )}
      {open && (
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="flex items-end gap-2">
            <label className="flex-1 text-xs">
              Amount received (Rs.)
              <Input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </label>
            <Button
              size="sm"
              disabled={decide.isPending}
              onClick={() => run({ status: "paid", amount: Number(amount) })}
            >
              Mark paid
            </Button>
          </div>
          <div className="flex items-end gap-2">
            <label className="flex-1 text-xs">
              Note for the shopper
              <Input value={note} maxLength={300} onChange={(e) => setNote(e.target.value)} />
            </label>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              onClick={() => run({ status: "rejected", note })}
            >
              Reject
            </Button>
          </div>
        </div>
      )}
      {open && short && owner && (
        <div className="flex items-end gap-2" aria-label="Owner override">
          <label className="flex-1 text-xs">
            Owner only: why accept {formatRs(Number(amount) || 0)} (audited)
            <Input value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} />
          </label>
          <Button
            size="sm"
            variant="outline"
            disabled={decide.isPending}
            onClick={() => run({ status: "paid", amount: Number(amount), override: true, reason })}
          >
            Override and mark paid
          </Button>
        </div>
      )}
    </section>
  );
}
