import { useState } from "react";
import { variantLabel } from "@shared/catalogue/variants.js";
import type { Product } from "@shared/schemas/products.js";
import { BACK_IN_STOCK_CONSENT } from "@shared/rules/winback.js";
import { isPakistaniMobile, PAKISTANI_MOBILE_MESSAGE } from "@shared/rules/pakistani-mobile.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { errorMessage } from "@client/lib/api";
import { useNotifyMe } from "@client/lib/winback-api";

type Choice = { size: string; color: string; label: string; variantId?: number };
const label = (c: Choice) => c.label;

/** The sold-out choices: the product's unavailable variants, or (without them) its empty size × colour counts. */
function soldOutChoices(product: Product): Choice[] {
  if (product.variants) {
    const order = product.options?.map((o) => o.name);
    return product.variants
      .filter((v) => !v.available)
      .map((v) => ({
        variantId: v.id,
        size: v.options.Size ?? "",
        color: v.options.Color ?? "",
        label: variantLabel(v.options, order && order.length > 0 ? order : undefined),
      }));
  }
  return (product.variantStock ?? [])
    .filter((v) => v.quantity === 0)
    .map((v) => ({ size: v.size, color: v.color, label: [v.size, v.color].filter(Boolean).join(" / ") }));
}

/**
 * "Notify me on WhatsApp" for a sold-out size × colour (CONTRACT.md part four): the shopper's own
 * choice when it is sold out, else any sold-out one from a list; the phone, and the consent in words.
 */
export function NotifyMe({
  product,
  variantId,
  size,
  color,
}: {
  product: Product;
  /** The shopper's chosen variant, when the product has variants. */
  variantId?: number;
  size: string;
  color: string;
}) {
  const soldOut = soldOutChoices(product);
  const chosenOut = soldOut.find((v) =>
    variantId !== undefined ? v.variantId === variantId : v.size === size && v.color === color,
  );
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState("");
  const [phone, setPhone] = useState("");
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const notify = useNotifyMe();
  if (soldOut.length === 0) return null;
  const choice = chosenOut ?? soldOut.find((v) => label(v) === picked) ?? soldOut[0];

  if (notify.isSuccess)
    return (
      <p role="status" className="rounded-xl bg-cream p-4 text-sm">
        Thank you. We will send you one WhatsApp message when {label(choice)} is back.
      </p>
    );
  if (!open)
    return (
      <Button variant="outline" className="w-full" onClick={() => setOpen(true)}>
        {chosenOut ? "Notify me on WhatsApp" : "Sold out in your size? Notify me on WhatsApp"}
      </Button>
    );
  const send = () => {
    if (!isPakistaniMobile(phone)) return setProblem(PAKISTANI_MOBILE_MESSAGE);
    if (!consent) return setProblem("Tick the box to agree to the message");
    setProblem(null);
    notify.mutate(
      { productId: product.id, size: choice.size, color: choice.color, variantId: choice.variantId, phone },
      { onError: (error) => setProblem(errorMessage(error)) },
    );
  };
  return (
    <form
      aria-label="Notify me on WhatsApp"
      className="space-y-3 rounded-xl bg-cream p-4"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {!chosenOut && (
        <Field id="notify-variant" label="Which one?">
          <select
            id="notify-variant"
            className="w-full rounded-lg border border-ink/15 bg-white p-2"
            value={label(choice)}
            onChange={(e) => setPicked(e.target.value)}
          >
            {soldOut.map((v) => (
              <option key={v.variantId ?? label(v)}>{label(v)}</option>
            ))}
          </select>
        </Field>
      )}
      <Field id="notify-phone" label="WhatsApp number" error={problem ?? undefined}>
        <Input
          id="notify-phone"
          type="tel"
          inputMode="tel"
          placeholder="03XX XXXXXXX"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} className="mt-1" />
        <span>{BACK_IN_STOCK_CONSENT}</span>
      </label>
      <Button type="submit" className="w-full" disabled={notify.isPending}>
        {notify.isPending ? "Saving..." : `Notify me when ${label(choice)} is back`}
      </Button>
    </form>
  );
}
