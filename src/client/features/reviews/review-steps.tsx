import { ChevronRight, ImageIcon } from "lucide-react";
import { useState } from "react";
import { imageVariantUrl, parseSelectedImage } from "@shared/rules/images.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input, OrderNumberInput } from "@client/components/ui/input";
import type { ReviewTarget } from "./review-targets";

/**
 * Step 1: the name and phone the order was placed with, then the order number that proves it
 * (decision 013), unless the dialog came from the WhatsApp review link, whose token proves it.
 */
export function VerifyStep({
  pending,
  fromLink,
  onVerify,
}: {
  pending: boolean;
  fromLink: boolean;
  onVerify(name: string, phone: string, orderNumber: string): void;
}) {
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [orderNumber, setOrderNumber] = useState("");
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onVerify(name.trim(), phone.trim(), orderNumber.trim());
      }}
    >
      <p className="text-sm text-muted">
        Enter the name and phone number you used when ordering. Only delivered orders can be reviewed.
      </p>
      <Field id="review-name" label="Full Name">
        <Input id="review-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      </Field>
      <Field id="review-phone" label="Phone Number">
        <Input
          id="review-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="03XX XXXXXXX"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </Field>
      {fromLink ? (
        <p className="text-sm text-muted">Your WhatsApp review link shows which order this is.</p>
      ) : (
        <Field
          id="review-order-number"
          label="Order Number"
          hint="The 8 characters after # in your WhatsApp message or on the parcel label"
        >
          <OrderNumberInput
            id="review-order-number"
            aria-describedby="review-order-number-hint"
            value={orderNumber}
            onChange={(e) => setOrderNumber(e.target.value)}
          />
        </Field>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Verifying..." : "Verify Order"}
      </Button>
    </form>
  );
}

/** Step 2: the delivered orders' products that still await a review. */
export function SelectStep({
  targets,
  onSelect,
}: {
  targets: readonly ReviewTarget[];
  onSelect(target: ReviewTarget): void;
}) {
  return (
    <ul className="space-y-2">
      {targets.map((t) => {
        const image = parseSelectedImage(t.product.selectedImage);
        return (
          <li key={t.key}>
            <button
              type="button"
              onClick={() => onSelect(t)}
              className="flex w-full items-center gap-3 rounded-xl border border-ink/10 p-3 text-left transition-colors hover:border-ink/30 hover:bg-cream"
            >
              {image ? (
                <img
                  src={imageVariantUrl(image, "thumb")}
                  alt=""
                  width={56}
                  height={70}
                  className="h-[70px] w-14 shrink-0 rounded-lg object-cover"
                  style={{ backgroundColor: image.edgeColor }}
                />
              ) : (
                <span
                  className="grid h-[70px] w-14 shrink-0 place-items-center rounded-lg bg-cream text-muted"
                  aria-hidden
                >
                  <ImageIcon className="h-5 w-5" />
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{t.product.productName}</span>
                <span className="block text-xs text-muted">
                  {[t.product.size && `Size: ${t.product.size}`, t.product.color && `Colour: ${t.product.color}`]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
                <span className="block text-xs text-muted">Ordered {t.orderDateLabel}</span>
              </span>
              <ChevronRight className="h-5 w-5 text-muted" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
