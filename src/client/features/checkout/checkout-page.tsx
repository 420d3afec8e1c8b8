import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, MessageCircle } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "@client/lib/toast";
import type { z } from "zod";
import { ORDER_REDIRECT_MS } from "@shared/constants.js";
import { orderNumber } from "@shared/rules/labels.js";
import { checkoutForm, type CheckoutForm, type PlacedOrder } from "@shared/schemas/orders.js";
import { Button, buttonVariants } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { useCartItems } from "@client/lib/cart/cart-api";
import { productEventData, trackPixel } from "@client/lib/ads/meta-pixel";
import { useDebounced, useQuote } from "@client/lib/cart/quote-api";
import { groupCartLines } from "@client/lib/cart/cart-groups";
import { ApiError } from "@client/lib/api";
import { cartSessionId } from "@client/lib/storage";
import { newIdempotencyKey, useClearOrderedLines, usePlaceOrder } from "./checkout-api";
import { checkoutLines, formFieldErrors, orderPayload, parseItemsParam } from "./checkout-items";
import { DeliveryFields } from "./delivery-fields";
import { DiscountCodeField } from "./discount-code-field";
import { AdvancePanel } from "@client/components/advance/advance-panel";
import { OrderSummary } from "./order-summary";
import { PaymentChoice } from "./payment-choice";

const FORM_ID = "checkout-form";
const FAILED = "There was an error placing your order. Please try again.";

export function CheckoutPage() {
  const [params] = useSearchParams();
  const fromParam = useMemo(() => parseItemsParam(params.get("items")), [params]);
  const cart = useCartItems();
  const lines = useMemo(() => checkoutLines(fromParam, cart.data), [fromParam, cart.data]);
  const groups = useMemo(() => groupCartLines(lines), [lines]);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const placeOrder = usePlaceOrder();
  const clearOrderedLines = useClearOrderedLines();
  const navigate = useNavigate();
  // One key per attempt, reused when the same submission is retried (a lost answer must not make two orders).
  const attempt = useRef<{ key: string; body: string } | null>(null);

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

  // The pixel hears of the checkout once, when its lines are known.
  const checkoutTold = useRef(false);
  useEffect(() => {
    if (checkoutTold.current || lines.length === 0) return;
    checkoutTold.current = true;
    trackPixel("InitiateCheckout", productEventData(lines.map((l) => ({ ...l, price: l.product.price }))));
  }, [lines]);

  useEffect(() => {
    // An order that owes an advance stays on its screen: it says where to pay and takes the proof.
    if (!placed || placed.advance.status !== "none") return;
    const timer = setTimeout(() => navigate("/"), ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [placed, navigate]);

  const submit = form.handleSubmit(async (values) => {
    const payload = orderPayload(values, groups, cartSessionId(), discountCode);
    const body = JSON.stringify(payload);
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    try {
      const order = await placeOrder.mutateAsync({ payload, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setPlaced(order);
      toast.success("Order Placed Successfully!", {
        description: `Soon our agent will contact you on your WhatsApp number (${payload.customerPhone}) for order confirmation.`,
      });
      await clearOrderedLines(lines.map((l) => l.id));
    } catch (error) {
      showFailure(error);
    }
  });

  function showFailure(error: unknown) {
    if (error instanceof ApiError) {
      const fields = formFieldErrors(error.details);
      fields.forEach(([name, message], i) => form.setError(name, { message }, { shouldFocus: i === 0 }));
      // A 409 names the item that cannot be ordered; a 429 says when to try again; a 422 names
      // the COD rule broken, a 403 (a blocked number) says to message the store.
      if ([403, 409, 422, 429].includes(error.status)) {
        toast.error("Order Failed", { description: error.userMessage });
        return;
      }
    }
    toast.error("Order Failed", { description: FAILED });
  }

  if (placed) return <OrderPlaced order={placed} />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">Checkout</h1>
      {cart.isPending ? (
        <CheckoutSkeleton />
      ) : groups.length === 0 ? (
        <div className="mx-auto mt-12 max-w-md rounded-3xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-ink/5">
          <h2 className="font-display text-2xl font-semibold">Your cart is empty</h2>
          <p className="mt-2 text-muted">Add something you love, then come back to check out.</p>
          <Link to="/shop" className={buttonVariants({ className: "mt-6" })}>
            Continue Shopping
          </Link>
        </div>
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
              <DeliveryFields register={form.register} errors={form.formState.errors} />
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
            <Button type="submit" form={FORM_ID} size="lg" className="w-full" disabled={placeOrder.isPending}>
              {placeOrder.isPending ? "Placing Order..." : "Place Order"}
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

function HowItWorks() {
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

function OrderPlaced({ order }: { order: PlacedOrder }) {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" role="status">
      <CheckCircle2 className="mx-auto h-14 w-14 text-emerald-600" aria-hidden />
      <h1 className="mt-4 font-display text-3xl font-semibold">Thank you!</h1>
      <p className="mt-2 text-muted">
        Your order <span className="font-semibold text-ink">#{orderNumber(order.id)}</span> has been placed. We will
        confirm it with you on WhatsApp.
      </p>
      <AdvancePanel order={order} phone={order.customerPhone} />
      {order.advance.status === "none" && <p className="mt-6 text-sm text-muted">Taking you back to the home page…</p>}
    </div>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-5" aria-busy="true" aria-label="Loading checkout">
      <div className="space-y-4 lg:col-span-3">
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl" />
      </div>
      <div className="space-y-4 lg:col-span-2">
        <Skeleton className="h-72 rounded-2xl" />
        <Skeleton className="h-12 rounded-full" />
      </div>
    </div>
  );
}
