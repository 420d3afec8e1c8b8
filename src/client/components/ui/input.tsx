import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cn } from "@client/lib/cn";

const field =
  "w-full rounded-lg border border-ink/15 bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted/70 focus-visible:outline-2 focus-visible:outline-rose aria-[invalid=true]:border-red-600 disabled:opacity-60";

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(field, className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(field, "min-h-24", className)} {...props} />;
}

/** The 8-character order number a shopper copies from a WhatsApp message or a parcel label. */
export function OrderNumberInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Input
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      placeholder="3F9A1C2B"
      maxLength={20}
      {...props}
    />
  );
}
