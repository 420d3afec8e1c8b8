import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { ORDER_REDIRECT_MS } from "@shared/constants.js";
import { orderNumber } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { itemText } from "@client/lib/variant-text";
import type { PlacedOrder } from "@shared/schemas/orders.js";
import { AdvancePanel } from "@client/components/advance/advance-panel";

/** The thanks after an order, then back home; an order owing an advance stays for its payment. */
export function OrderPlaced({ order }: { order: PlacedOrder }) {
  const navigate = useNavigate();
  useEffect(() => {
    // An order that owes an advance stays on its screen: it says where to pay and takes the proof.
    if (order.advance.status !== "none") return;
    const timer = setTimeout(() => navigate("/"), ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [order, navigate]);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" role="status">
      <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-600" aria-hidden />
      <h1 className="mt-4 font-display text-3xl font-semibold">Thank you!</h1>
      <p className="mt-2 text-muted">
        Your order <span className="font-semibold text-ink">#{orderNumber(order.id)}</span> has been placed. We will
        confirm it with you on WhatsApp.
      </p>
      <ul
        aria-label="Items"
        className="mt-6 divide-y divide-ink/10 rounded-xl bg-white text-left text-sm ring-1 ring-ink/5"
      >
        {order.items.map((item, i) => (
          <li key={i} className="flex justify-between gap-3 px-4 py-2">
            <span>
              {itemText(item)} <span className="text-muted">× {item.quantity}</span>
            </span>
            <span className="tabular-nums">{formatRs(item.price * item.quantity)}</span>
          </li>
        ))}
      </ul>
      <AdvancePanel order={order} phone={order.customerPhone} />
      {order.advance.status === "none" && <p className="mt-6 text-sm text-muted">Taking you back to the home page…</p>}
    </div>
  );
}
