import { Star, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@client/components/ui/button";
import { useStoreDialogs } from "@client/lib/store-dialogs";
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

// Floats at the bottom-left so it is seen on arrival, clear of the chat button at the bottom-right.
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
      className="fixed bottom-4 left-3 right-[5.5rem] z-30 flex items-start gap-4 rounded-2xl bg-white p-4 pr-11 shadow-2xl shadow-ink/20 ring-1 ring-sand transition-[opacity,translate] duration-500 starting:translate-y-4 starting:opacity-0 motion-reduce:transition-none sm:bottom-5 sm:left-5 sm:right-auto sm:max-w-sm"
    >
      <span className="hidden h-12 w-12 shrink-0 place-items-center rounded-full bg-sand/40 sm:grid">
        <Star className="h-6 w-6 fill-amber-400 text-amber-400" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="review-prompt-title" className="font-display text-base font-semibold sm:text-lg">
          How did you like your order?
        </h2>
        <p className="mt-0.5 text-sm text-muted">
          Your order has been delivered. Share your thoughts to help other shoppers.
        </p>
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
      <button
        type="button"
        onClick={hide}
        className="absolute right-1.5 top-1.5 rounded-full p-2 text-muted hover:bg-ink/5"
        aria-label="Dismiss review prompt"
      >
        <X className="h-5 w-5" />
      </button>
    </aside>
  );
}
