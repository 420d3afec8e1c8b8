import { useState } from "react";
import { formatRs } from "@shared/rules/money.js";
import { PAYMENT_METHOD_NAMES } from "@shared/rules/advance.js";
import type { TrackedOrder } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { ApiError } from "@client/lib/api";
import { usePayLink } from "./advance-api";
import { ProofForm } from "./proof-form";

type AdvanceOrder = Pick<TrackedOrder, "id" | "advance" | "codAmount" | "paymentAccounts" | "payOnline" | "total">;

/**
 * What a shopper owes before the parcel leaves (decision 027): how much, where to send it, and a
 * form for the proof (a photo or screenshot of the transfer and its reference). Shown on the
 * success screen and the tracking card, both loaded lazily.
 */
export function AdvancePanel({ order, phone, onSent }: { order: AdvanceOrder; phone: string; onSent?(): void }) {
  const { advance } = order;
  const [sent, setSent] = useState(false);
  if (advance.status === "none") return null;
  const owed = Math.max(0, Number(advance.amount) - Number(advance.paid));
  const onDelivery = Number(order.total) - Number(advance.amount);
  if (advance.status === "paid")
    return (
      <p className="mt-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800" data-testid="advance-paid">
        Advance of {formatRs(advance.paid)} received, thank you. Pay {formatRs(order.codAmount)} on delivery.
      </p>
    );
  return (
    <section
      aria-label="Advance payment"
      className="mt-3 space-y-3 rounded-xl border border-amber-200 bg-amber-50 p-3 text-left text-sm"
      data-testid="advance-panel"
    >
      <p className="font-semibold">
        Send an advance of <span data-testid="advance-owed">{formatRs(owed)}</span> before we ship; pay{" "}
        {formatRs(onDelivery)} on delivery.
      </p>
      {advance.status === "submitted" || sent ? (
        <p>We have your payment proof and will check it soon. We ship once it is confirmed.</p>
      ) : (
        <>
          {advance.status === "rejected" && advance.note && (
            <p role="alert" className="text-red-700">
              We could not confirm your payment: {advance.note}. Please send the proof again.
            </p>
          )}
          <Accounts accounts={order.paymentAccounts ?? []} />
          {order.payOnline && <PayOnline orderId={order.id} phone={phone} />}
          <ProofForm
            orderId={order.id}
            phone={phone}
            onSent={() => {
              setSent(true);
              onSent?.();
            }}
          />
        </>
      )}
    </section>
  );
}

function Accounts({ accounts }: { accounts: NonNullable<TrackedOrder["paymentAccounts"]> }) {
  if (accounts.length === 0) return <p>Message us on WhatsApp for the account to send the advance to.</p>;
  return (
    <ul className="space-y-1" aria-label="Where to send the advance">
      {accounts.map((a) => (
        <li key={`${a.method}-${a.account}`}>
          <span className="font-medium">{PAYMENT_METHOD_NAMES[a.method]}</span>
          {a.title && ` (${a.title})`}: <span className="select-all font-mono">{a.account}</span>
        </li>
      ))}
    </ul>
  );
}

function PayOnline({ orderId, phone }: { orderId: string; phone: string }) {
  const link = usePayLink();
  return (
    <div>
      <Button
        size="sm"
        disabled={link.isPending}
        onClick={async () => {
          const { url } = await link.mutateAsync({ orderId, phone });
          window.location.assign(url);
        }}
      >
        {link.isPending ? "Opening…" : "Pay online by card or wallet"}
      </Button>
      {link.error && (
        <p role="alert" className="mt-1 text-red-700">
          {link.error instanceof ApiError ? link.error.userMessage : "The payment page could not be opened; try again."}
        </p>
      )}
    </div>
  );
}
