import { Star, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@client/components/ui/button";
import { useStoreDialogs } from "@client/app/dialogs";
import { useMyOrders } from "./reviews-api";

const FLAG = "reviewAlertDismissed";

function readFlag(): boolean {
  try {
    return sessionStorage.getItem(FLAG) !== null;
  } catch {
    return false;
  }
}

function writeFlag(): void {
  try {
    sessionStorage.setItem(FLAG, "true");
  } catch {
    /* no session storage: the prompt simply hides for this page */
  }
}

/** Invites someone whose order from this browser was delivered to review it, once per browser session. */
export default function ReviewPrompt() {
  const [dismissed, setDismissed] = useState(readFlag);
  const orders = useMyOrders();
  const { openReview } = useStoreDialogs();
  const hasDelivered = orders.data?.some((o) => o.status === "delivered") ?? false;
  if (dismissed || !hasDelivered) return null;

  const hide = () => {
    writeFlag();
    setDismissed(true);
  };

  return (
    <aside
      aria-labelledby="review-prompt-title"
      className="relative mx-auto my-6 flex max-w-3xl items-center gap-4 rounded-2xl bg-white p-4 pr-12 shadow-lg ring-1 ring-sand sm:p-5 sm:pr-14"
    >
      <span className="hidden h-12 w-12 shrink-0 place-items-center rounded-full bg-sand/40 sm:grid">
        <Star className="h-6 w-6 fill-amber-400 text-amber-400" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="review-prompt-title" className="font-display text-lg font-semibold">
          How did you like your order?
        </h2>
        <p className="mt-0.5 text-sm text-muted">Your order has been delivered. Share your thoughts to help other shoppers.</p>
        <Button
          size="sm"
          variant="accent"
          className="mt-3"
          onClick={() => {
            hide();
            openReview();
          }}
        >
          Write a Review
        </Button>
      </div>
      <button type="button" onClick={hide} className="absolute right-2 top-2 rounded-full p-2 text-muted hover:bg-ink/5" aria-label="Dismiss review prompt">
        <X className="h-5 w-5" />
      </button>
    </aside>
  );
}
