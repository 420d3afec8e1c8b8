import { AlertDialog } from "radix-ui";
import { Button, buttonVariants } from "@client/components/ui/button";

/** 'Cancel Order' with the spec's confirmation, as an accessible in-app alert dialog. */
export function CancelOrderButton({ pending, onConfirm }: { pending: boolean; onConfirm(): void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm" className="border-red-200 text-red-700 hover:bg-red-50" disabled={pending}>
          {pending ? "Cancelling..." : "Cancel Order"}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[70] bg-ink/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[70] w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="font-display text-lg font-semibold">Cancel this order?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            Are you sure you want to cancel this order?
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: "outline", size: "sm" })}>
              Keep Order
            </AlertDialog.Cancel>
            <AlertDialog.Action className={buttonVariants({ variant: "destructive", size: "sm" })} onClick={onConfirm}>
              Yes, Cancel Order
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
