import type { UseFormRegister } from "react-hook-form";
import type { CheckoutForm } from "@shared/schemas/orders.js";

/** Cash on Delivery, the only active method; Online Payment is shown as coming soon. */
export function PaymentChoice({ register, formId }: { register: UseFormRegister<CheckoutForm>; formId: string }) {
  const option = "flex items-start gap-3 rounded-xl border p-4 text-sm";
  return (
    <fieldset className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
      <legend className="sr-only">Payment Method</legend>
      <h2 aria-hidden className="font-display text-xl font-semibold">
        Payment Method
      </h2>
      <div className="mt-4 space-y-3">
        <label className={`${option} cursor-pointer border-ink bg-cream`}>
          <input
            type="radio"
            value="cod"
            form={formId}
            className="mt-0.5 h-4 w-4 accent-ink"
            {...register("paymentMethod")}
          />
          <span>
            <span className="block font-medium">Cash on Delivery</span>
            <span className="text-muted">Pay in cash when your order arrives.</span>
          </span>
        </label>
        <label className={`${option} cursor-not-allowed border-ink/10 opacity-60`}>
          <input
            type="radio"
            value="online"
            form={formId}
            disabled
            className="mt-0.5 h-4 w-4"
            {...register("paymentMethod")}
          />
          <span>
            <span className="block font-medium">
              Online Payment <span className="ml-1 rounded-full bg-sand/50 px-2 py-0.5 text-xs">Coming Soon</span>
            </span>
            <span className="text-muted">Cards and wallets are on their way.</span>
          </span>
        </label>
      </div>
    </fieldset>
  );
}
