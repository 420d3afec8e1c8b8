import { RefreshCw } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@client/components/ui/button";
import { toastError } from "@client/lib/admin/toast-error";
import { useFollowUp } from "./shipping-api";

/** "Check parcels now": asks every connected courier about its parcels (the job does it every 30 minutes). */
export function CheckParcelsButton() {
  const followUp = useFollowUp();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={followUp.isPending}
      onClick={() =>
        followUp.mutate(undefined, {
          onSuccess: ({ checked, changed }) =>
            toast.success("Parcels checked", {
              description: `${checked} parcels asked about, ${changed} with news from the courier.`,
            }),
          onError: (error) => toastError(error),
        })
      }
    >
      <RefreshCw className="h-4 w-4" aria-hidden /> {followUp.isPending ? "Checking…" : "Check parcels now"}
    </Button>
  );
}
