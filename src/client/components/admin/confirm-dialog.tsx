import type { ReactNode } from "react";
import { Button } from "@client/components/ui/button";
import { Dialog } from "@client/components/ui/dialog";

/** Asks before something that cannot be undone (deleting a product or a category). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Delete",
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="destructive" size="sm" disabled={pending} onClick={onConfirm}>
          {pending ? "Deleting..." : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
