import { useState, type FormEvent } from "react";
import { RETURN_PHOTOS_MAX, type ReturnType } from "@shared/rules/returns.js";
import type { TrackedOrder } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { errorMessage } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { ReturnItemChoices, type Choice } from "./return-item-choices";
import { useRequestReturn } from "./returns-api";

/** The customer's return or exchange request: which items, why, and up to 3 photos. */
export function ReturnRequestForm({
  order,
  phone,
  onCancel,
  onSent,
}: {
  order: TrackedOrder;
  phone: string;
  onCancel(): void;
  onSent(): void;
}) {
  const [type, setType] = useState<ReturnType>("exchange");
  const [chosen, setChosen] = useState<Record<number, Choice>>({});
  const [reason, setReason] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const send = useRequestReturn();

  const toggle = (i: number, on: boolean) =>
    setChosen((c) => {
      const next = { ...c };
      if (on) next[i] = { quantity: order.items[i].quantity, exchangeVariantId: null };
      else delete next[i];
      return next;
    });
  const update = (i: number, patch: Partial<Choice>) => setChosen((c) => ({ ...c, [i]: { ...c[i], ...patch } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const items = Object.entries(chosen).map(([i, c]) => {
      const item = order.items[Number(i)];
      return {
        productId: item.productId,
        ...(item.variantId ? { variantId: item.variantId } : {}),
        size: item.size,
        color: item.color,
        quantity: c.quantity,
        ...(type === "exchange" && c.exchangeVariantId ? { exchangeVariantId: c.exchangeVariantId } : {}),
      };
    });
    send.mutate(
      { input: { orderId: order.id, phone, type, reason, items }, photos },
      {
        onSuccess: () => {
          toast.success("Request sent", { description: "We will reply on this page within 2 working days." });
          onSent();
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Return or exchange request"
      className="mt-3 space-y-3 border-t border-ink/10 pt-3 text-sm"
    >
      <fieldset className="flex gap-4">
        <legend className="sr-only">Return or exchange</legend>
        {(["exchange", "return"] as const).map((t) => (
          <label key={t} className="flex items-center gap-1.5">
            <input type="radio" name={`type-${order.id}`} checked={type === t} onChange={() => setType(t)} />
            {t === "exchange" ? "Exchange for another size or option" : "Return for a refund"}
          </label>
        ))}
      </fieldset>
      <ReturnItemChoices items={order.items} type={type} chosen={chosen} onToggle={toggle} onUpdate={update} />
      <Field id={`reason-${order.id}`} label="Why?">
        <Input
          id={`reason-${order.id}`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Too small"
        />
      </Field>
      <Field id={`photos-${order.id}`} label={`Photos (up to ${RETURN_PHOTOS_MAX}, optional)`}>
        <input
          id={`photos-${order.id}`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, RETURN_PHOTOS_MAX))}
        />
      </Field>
      {send.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(send.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={send.isPending || Object.keys(chosen).length === 0}>
          Send request
        </Button>
      </div>
    </form>
  );
}
