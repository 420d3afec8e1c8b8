import { MessageCircle } from "lucide-react";

/** The four steps of a cash-on-delivery order, above the delivery form. */
export function HowItWorks() {
  const steps = [
    "Fill in your delivery details below.",
    "Give us your WhatsApp number.",
    "Our agent confirms your order with you on WhatsApp.",
    "Pay in cash when your order is delivered.",
  ];
  return (
    <aside aria-labelledby="how-title" className="rounded-2xl bg-sand/30 p-5 ring-1 ring-sand">
      <h2 id="how-title" className="flex items-center gap-2 font-semibold">
        <MessageCircle className="h-5 w-5 text-rose" aria-hidden /> How it works
      </h2>
      <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {steps.map((step, i) => (
          <li key={step} className="flex gap-2">
            <span className="grid h-5 w-5 shrink-0 place-items-center rounded-full bg-ink text-[11px] font-semibold text-cream">
              {i + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
    </aside>
  );
}
