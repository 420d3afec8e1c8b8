import { useState } from "react";
import { toast } from "@client/lib/toast";
import { Dialog } from "@client/components/ui/dialog";
import { errorMessage } from "@client/lib/api";
import { ORDER_NUMBER_NEEDED } from "@shared/schemas/order-proof.js";
import { useSubmitReview, useValidateReviewer, type ReviewerProof } from "./reviews-api";
import { SelectStep, VerifyStep } from "./review-steps";
import { reviewTargets, type ReviewTarget } from "./review-targets";
import { WriteStep } from "./review-write-step";

type Step = "verify" | "select" | "write";

const TITLES: Record<Step, string> = {
  verify: "Verify Your Order",
  select: "Select Product to Review",
  write: "Write Your Review",
};
const STEP_NUMBER: Record<Step, number> = { verify: 1, select: 2, write: 3 };

/**
 * The three-step review flow: verify (name + phone, and the order number unless the WhatsApp
 * review link's token proves the order: decision 013), select one of the delivered, unreviewed
 * products, write. Closing unmounts it (see app/dialogs.tsx), which resets every step.
 */
export default function ReviewDialog({
  open,
  productId,
  reviewToken,
  onOpenChange,
}: {
  open: boolean;
  productId?: number;
  reviewToken?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<Step>("verify");
  const [customer, setCustomer] = useState<ReviewerProof>({ customerName: "", customerPhone: "" });
  const [targets, setTargets] = useState<ReviewTarget[]>([]);
  const [chosen, setChosen] = useState<ReviewTarget | null>(null);
  const validate = useValidateReviewer();
  const submit = useSubmitReview();

  const verify = (name: string, phone: string, orderNumber: string) => {
    if (!name || !phone) {
      toast.error("Missing information", { description: "Please enter your name and phone number." });
      return;
    }
    if (!reviewToken && !orderNumber) {
      toast.error("Missing information", { description: ORDER_NUMBER_NEEDED });
      return;
    }
    const who: ReviewerProof = reviewToken
      ? { customerName: name, customerPhone: phone, reviewToken }
      : { customerName: name, customerPhone: phone, orderNumber };
    validate.mutate(who, {
      onSuccess: (result) => {
        const found = reviewTargets(result);
        if (!result.hasOrders || found.length === 0) {
          toast.info("No orders to review", {
            description: "You have already reviewed all your orders or have no unreviewed orders.",
          });
          return;
        }
        setCustomer(who);
        setTargets(found);
        const prefilled = productId === undefined ? undefined : found.find((t) => t.product.productId === productId);
        setChosen(prefilled ?? null);
        setStep(prefilled ? "write" : "select");
      },
      onError: (error) => toast.error("Validation failed", { description: errorMessage(error, "Validation failed") }),
    });
  };

  const send = (target: ReviewTarget, review: { rating: number; reviewText: string; images: File[] }) => {
    submit.mutate(
      {
        review: {
          productId: target.product.productId,
          orderId: target.orderId,
          ...customer,
          rating: review.rating,
          reviewText: review.reviewText,
        },
        images: review.images,
      },
      {
        onSuccess: () => {
          toast.success("Review submitted!", { description: "Thank you for your feedback." });
          const left = targets.filter((t) => t.key !== target.key);
          setTargets(left);
          setChosen(null);
          if (left.length === 0) onOpenChange(false);
          else setStep("select");
        },
        onError: (error) => toast.error("Error", { description: errorMessage(error, "Failed to submit review") }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={TITLES[step]} description={`Step ${STEP_NUMBER[step]} of 3`}>
      {step === "verify" && <VerifyStep pending={validate.isPending} fromLink={!!reviewToken} onVerify={verify} />}
      {step === "select" && (
        <SelectStep
          targets={targets}
          onSelect={(t) => {
            setChosen(t);
            setStep("write");
          }}
        />
      )}
      {step === "write" && chosen && (
        <WriteStep
          key={chosen.key}
          target={chosen}
          pending={submit.isPending}
          onBack={targets.length > 1 ? () => setStep("select") : undefined}
          onSubmit={(review) => send(chosen, review)}
        />
      )}
    </Dialog>
  );
}
