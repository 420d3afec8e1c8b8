import { useState } from "react";
import { toast } from "@client/lib/toast";
import { Dialog } from "@client/components/ui/dialog";
import { errorMessage } from "@client/lib/api";
import { useSubmitReview, useValidateReviewer } from "./reviews-api";
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
 * The three-step review flow: verify (name + phone), select one of the delivered, unreviewed
 * products, write. Closing unmounts it (see app/dialogs.tsx), which resets every step.
 */
export default function ReviewDialog({
  open,
  productId,
  onOpenChange,
}: {
  open: boolean;
  productId?: number;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<Step>("verify");
  const [customer, setCustomer] = useState({ name: "", phone: "" });
  const [targets, setTargets] = useState<ReviewTarget[]>([]);
  const [chosen, setChosen] = useState<ReviewTarget | null>(null);
  const validate = useValidateReviewer();
  const submit = useSubmitReview();

  const verify = (name: string, phone: string) => {
    if (!name || !phone) {
      toast.error("Missing information", { description: "Please enter your name and phone number." });
      return;
    }
    validate.mutate(
      { customerName: name, customerPhone: phone },
      {
        onSuccess: (result) => {
          const found = reviewTargets(result);
          if (!result.hasOrders || found.length === 0) {
            toast.info("No orders to review", {
              description: "You have already reviewed all your orders or have no unreviewed orders.",
            });
            return;
          }
          setCustomer({ name, phone });
          setTargets(found);
          const prefilled = productId === undefined ? undefined : found.find((t) => t.product.productId === productId);
          setChosen(prefilled ?? null);
          setStep(prefilled ? "write" : "select");
        },
        onError: (error) => toast.error("Validation failed", { description: errorMessage(error, "Validation failed") }),
      },
    );
  };

  const send = (target: ReviewTarget, review: { rating: number; reviewText: string; images: File[] }) => {
    submit.mutate(
      {
        review: {
          productId: target.product.productId,
          orderId: target.orderId,
          customerName: customer.name,
          customerPhone: customer.phone,
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
      {step === "verify" && <VerifyStep pending={validate.isPending} onVerify={verify} />}
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
