import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { checkoutForm, type CheckoutForm, type PlacedOrder } from "@shared/schemas/orders.js";
import { Button } from "@client/components/ui/button";
import { productEventData, trackPixel } from "@client/lib/ads/meta-pixel";
import { useCartItems } from "@client/lib/cart/cart-api";
import { groupCartLines } from "@client/lib/cart/cart-groups";
import { useDebounced, useQuote } from "@client/lib/cart/quote-api";
import { checkoutLines, parseItemsParam } from "./checkout-items";
import { CheckoutSkeleton, EmptyCheckout } from "./checkout-states";
import { DeliveryFields } from "./delivery-fields";
import { DiscountCodeField } from "./discount-code-field";
import { HowItWorks } from "./how-it-works";
import { OrderPlaced } from "./order-placed";
import { OrderSummary } from "./order-summary";
import { PaymentChoice } from "./payment-choice";
import { ReminderBox } from "./reminder-box";
import { useCheckoutSubmit } from "./use-checkout-submit";

const FORM_ID = "checkout-form";

export function CheckoutPage() {
  const [params] = useSearchParams();
  const fromParam = useMemo(() => parseItemsParam(params.get("items")), [params]);
  const cart = useCartItems();
  const lines = useMemo(() => checkoutLines(fromParam, cart.data), [fromParam, cart.data]);
  const groups = useMemo(() => groupCartLines(lines), [lines]);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);

  const form = useForm<CheckoutForm, unknown, z.output<typeof checkoutForm>>({
    resolver: zodResolver(checkoutForm),
    defaultValues: {
      firstName: "",
      lastName: "",
      phone: "",
      email: "",
      address: "",
      city: "",
      postalCode: "",
      specialInstructions: "",
      paymentMethod: "cod",
    },
  });

  // The server prices the order as the city and the code change (debounced while typing).
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const city = useDebounced(form.watch("city") ?? "");
  const phone = useDebounced(form.watch("phone") ?? "", 800);
  const quote = useQuote(groups, { city, discountCode, phone });
  const { submit, placing } = useCheckoutSubmit({ form, groups, lines, discountCode, onPlaced: setPlaced });

  // The pixel hears of the checkout once, when its lines are known.
  const checkoutTold = useRef(false);
  useEffect(() => {
    if (checkoutTold.current || lines.length === 0) return;
    checkoutTold.current = true;
    trackPixel("InitiateCheckout", productEventData(lines.map((l) => ({ ...l, price: l.product.price }))));
  }, [lines]);

  if (placed) return <OrderPlaced order={placed} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">Checkout</h1>
      {cart.isPending ? (
        <CheckoutSkeleton />
      ) : groups.length === 0 ? (
        <EmptyCheckout />
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-5 lg:gap-8">
          <div className="space-y-6 lg:col-span-3">
            <HowItWorks />
            <form
              id={FORM_ID}
              noValidate
              onSubmit={submit}
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5 sm:p-6"
              aria-labelledby="delivery-title"
            >
              <h2 id="delivery-title" className="mb-5 font-display text-xl font-semibold">
                Delivery Information
              </h2>
              <DeliveryFields
                register={form.register}
                errors={form.formState.errors}
                afterPhone={<ReminderBox phone={form.watch("phone") ?? ""} />}
              />
            </form>
          </div>
          <div className="space-y-6 self-start lg:sticky lg:top-24 lg:col-span-2">
            <OrderSummary
              groups={groups}
              quote={quote.data}
              codeField={
                <DiscountCodeField
                  applied={discountCode}
                  outcome={quote.data?.discountCode}
                  checking={quote.isFetching}
                  onApply={setDiscountCode}
                />
              }
            />
            <PaymentChoice register={form.register} formId={FORM_ID} />
            <Button type="submit" form={FORM_ID} size="lg" className="w-full" disabled={placing}>
              {placing ? "Placing Order..." : "Place Order"}
            </Button>
            <p className="text-center text-xs text-muted">
              By placing your order, you agree to our terms and conditions and privacy policy. Payment is collected in
              cash on delivery.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
