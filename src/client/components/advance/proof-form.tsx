import { useState, type FormEvent } from "react";
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, type PaymentMethod } from "@shared/rules/advance.js";
import { Button } from "@client/components/ui/button";
import { Field } from "@client/components/ui/field";
import { Input } from "@client/components/ui/input";
import { NativeSelect } from "@client/components/ui/native-select";
import { ApiError } from "@client/lib/api";
import { useSendPaymentProof } from "./advance-api";

/** The proof of an advance: how it was paid, the transaction ID, and a photo of the transfer. */
export function ProofForm({ orderId, phone, onSent }: { orderId: string; phone: string; onSent(): void }) {
  const send = useSendPaymentProof();
  const [method, setMethod] = useState<PaymentMethod>("easypaisa");
  const [reference, setReference] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = `proof-${orderId.slice(0, 8)}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!image) return setProblem("Attach a photo or screenshot of the payment.");
    if (!reference.trim()) return setProblem("Enter the transaction ID from your receipt.");
    setProblem(null);
    try {
      await send.mutateAsync({ orderId, phone, method, reference: reference.trim(), image });
      onSent();
    } catch (err) {
      setProblem(err instanceof ApiError ? err.userMessage : "The proof could not be sent; try again.");
    }
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Send payment proof">
      <p>After paying, send us a screenshot of the transfer:</p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Field id={`${id}-method`} label="Paid with">
          <NativeSelect id={`${id}-method`} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_NAMES[m]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${id}-reference`} label="Transaction ID">
          <Input
            id={`${id}-reference`}
            value={reference}
            maxLength={80}
            onChange={(e) => setReference(e.target.value)}
          />
        </Field>
      </div>
      <Field id={`${id}-image`} label="Screenshot or photo of the payment">
        <Input
          id={`${id}-image`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
      </Field>
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" size="sm" disabled={send.isPending}>
        {send.isPending ? "Sending…" : "Send payment proof"}
      </Button>
    </form>
  );
}
