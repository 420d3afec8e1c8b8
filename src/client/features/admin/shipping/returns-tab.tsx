import { useState } from "react";
import { toast } from "sonner";
import { formatRs } from "@shared/rules/money.js";
import { REFUND_METHOD_LABELS, REFUND_METHODS, RETURN_STATUSES, type RefundMethod } from "@shared/rules/returns.js";
import type { AdminReturn } from "@shared/schemas/returns.js";
import { StatusBadge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { cn } from "@client/lib/cn";
import { Panel } from "@client/components/admin/panel";
import { useAdminReturns, useDecideReturn } from "./returns-api";

const FILTERS = [
  "requested",
  "approved",
  "all",
  ...RETURN_STATUSES.filter((s) => s !== "requested" && s !== "approved"),
];
const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Returns and exchanges asked for from the tracking card: approve, reject with a note, complete. */
export function ReturnsTab() {
  const [status, setStatus] = useState("requested");
  const list = useAdminReturns(status);
  return (
    <Panel title="Returns and exchanges">
      <div role="group" aria-label="Filter returns" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            className={cn(
              "cursor-pointer rounded-full border px-3.5 py-1.5 text-sm",
              status === s ? "border-ink bg-ink text-cream" : "border-ink/15 bg-white hover:border-ink/40",
            )}
          >
            {label(s)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-red-700">{errorMessage(list.error)}</p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted">No {status === "all" ? "" : `${status} `}requests.</p>
      ) : (
        <ul className="space-y-3">
          {list.data.map((r) => (
            <ReturnCard key={r.id} request={r} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function ReturnCard({ request: r }: { request: AdminReturn }) {
  const decide = useDecideReturn();
  const [note, setNote] = useState("");
  const [amount, setAmount] = useState(String(r.items.reduce((n, i) => n + i.price * i.quantity, 0)));
  const [method, setMethod] = useState<RefundMethod>("easypaisa");
  const send = (decision: Parameters<typeof decide.mutate>[0]["decision"], done: string) =>
    decide.mutate({ id: r.id, decision }, { onSuccess: () => toast.success(done) });

  return (
    <li
      aria-label={`${label(r.type)} for order ${r.orderNumber}`}
      className="rounded-xl border border-ink/10 p-4 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          {label(r.type)} · Order #{r.orderNumber}
        </span>
        <StatusBadge
          status={r.status === "rejected" ? "cancelled" : r.status === "completed" ? "delivered" : "pending"}
          label={label(r.status)}
        />
        <span className="text-muted">
          {r.customerName} · {r.customerPhone} · {r.city} · {new Date(r.createdAt).toLocaleDateString("en-PK")}
        </span>
      </div>
      <ul className="mt-2 list-disc pl-5">
        {r.items.map((i, n) => (
          <li key={n}>
            {i.quantity} × {i.productName} ({[i.size, i.color].filter(Boolean).join(", ") || "one size"})
            {r.type === "exchange" &&
              ` → ${[i.exchangeSize ?? i.size, i.exchangeColor ?? i.color].filter(Boolean).join(", ")}`}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <span className="font-medium">Reason: </span>
        {r.reason}
        {r.note && <span className="text-muted"> · {r.note}</span>}
      </p>
      {r.photos.length > 0 && (
        <div className="mt-2 flex gap-2">
          {r.photos.map((p) => (
            <a key={p.id} href={p.url} target="_blank" rel="noreferrer">
              <img src={`${p.url}/thumb`} alt={`Photo ${p.filename}`} className="h-16 w-16 rounded-lg object-cover" />
            </a>
          ))}
        </div>
      )}
      {r.adminNote && <p className="mt-2 text-muted">Note to customer: {r.adminNote}</p>}
      {r.refundAmount && r.refundMethod && (
        <p className="mt-2">
          Refunded {formatRs(r.refundAmount)} by {REFUND_METHOD_LABELS[r.refundMethod]}
        </p>
      )}
      {r.replacementOrderNumber && <p className="mt-2">Replacement order #{r.replacementOrderNumber}</p>}

      {(r.status === "requested" || r.status === "approved") && (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          {r.status === "requested" && (
            <Button
              size="sm"
              onClick={() => send({ status: "approved" }, "Request approved")}
              disabled={decide.isPending}
            >
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
      )}
      {decide.isError && (
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(decide.error)}
        </p>
      )}
    </li>
  );
}
