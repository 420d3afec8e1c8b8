import { useState } from "react";
import { REFUND_METHOD_LABELS, REFUND_METHODS, type RefundMethod } from "@shared/rules/returns.js";
import type { AdminReturn, DecideReturnInput } from "@shared/schemas/returns.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";

/** What staff can decide on an open request: approve, complete (an exchange, or a return's refund), or reject with a note. */
export function ReturnDecision({
  request: r,
  pending,
  onDecide,
}: {
  request: AdminReturn;
  pending: boolean;
  /** Sends the decision; `done` is the toast shown once the server took it. */
  onDecide: (decision: DecideReturnInput, done: string) => void;
}) {
  const [note, setNote] = useState("");
  const [amount, setAmount] = useState(String(r.items.reduce((n, i) => n + i.price * i.quantity, 0)));
  const [method, setMethod] = useState<RefundMethod>("easypaisa");
  const send = onDecide;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      {r.status === "requested" && (
        <Button size="sm" onClick={() => send({ status: "approved" }, "Request approved")} disabled={pending}>
          Approve
        </Button>
      )}
      {r.status === "approved" && r.type === "exchange" && (
        <Button
          size="sm"
          onClick={() => send({ status: "completed" }, "Exchange completed: replacement order created")}
        >
          Complete exchange
        </Button>
      )}
      {r.status === "approved" && r.type === "return" && (
        <>
          <Input
            aria-label="Refund amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="w-28"
          />
          <NativeSelect
            aria-label="Refund method"
            value={method}
            onChange={(e) => setMethod(e.target.value as RefundMethod)}
            className="w-40"
          >
            {REFUND_METHODS.map((m) => (
              <option key={m} value={m}>
                {REFUND_METHOD_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
          <Button
            size="sm"
            onClick={() =>
              send({ status: "completed", refund: { amount: Number(amount), method } }, "Return completed")
            }
          >
            Record refund
          </Button>
        </>
      )}
      <Input
        aria-label="Note for the customer"
        placeholder="Why not (the customer sees this)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        className="w-64"
      />
      <Button
        size="sm"
        variant="outline"
        onClick={() => send({ status: "rejected", adminNote: note }, "Request rejected")}
      >
        Reject
      </Button>
    </div>
  );
}
