import { toast } from "sonner";
import { chosenValues, variantName } from "@shared/catalogue/variants.js";
import { formatRs } from "@shared/rules/money.js";
import { REFUND_METHOD_LABELS } from "@shared/rules/returns.js";
import type { AdminReturn, DecideReturnInput } from "@shared/schemas/returns.js";
import { StatusBadge } from "@client/components/ui/badge";
import { errorMessage } from "@client/lib/api";
import { ReturnDecision } from "./return-decision";
import { useDecideReturn } from "./returns-api";

/** A status or a request's type as a heading word ("requested" → "Requested"). */
export const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One request: who asked, for what and why, with its photos, what was decided and the decision's controls. */
export function ReturnCard({ request: r }: { request: AdminReturn }) {
  const decide = useDecideReturn();
  const send = (decision: DecideReturnInput, done: string) =>
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
            {i.quantity} × {i.productName} ({chosenValues(i) || "one size"})
            {r.type === "exchange" &&
              ` → ${
                i.exchangeOptions
                  ? variantName(i.exchangeOptions)
                  : [i.exchangeSize ?? i.size, i.exchangeColor ?? i.color].filter(Boolean).join(", ")
              }`}
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
        <ReturnDecision request={r} pending={decide.isPending} onDecide={send} />
      )}
      {decide.isError && (
        <p role="alert" className="mt-2 text-red-700">
          {errorMessage(decide.error)}
        </p>
      )}
    </li>
  );
}
