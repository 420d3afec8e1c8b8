import { useState } from "react";
import { toastError } from "./toast-error";

interface Removal<TError> {
  mutate: (
    id: number,
    options: { onSuccess: () => void; onError: (error: TError) => void; onSettled: () => void },
  ) => void;
  isPending: boolean;
}

/**
 * Deleting after a confirmation (a product, a category, a discount): which one is being asked
 * about, and the props of the `ConfirmDialog` that asks. The dialog closes when the server answers.
 */
export function useDeleteConfirmation<T extends { id: number }, TError>(
  remove: Removal<TError>,
  onDeleted: (item: T) => void,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => onDeleted(deleting),
      onError: (error) => toastError(error),
      onSettled: () => setDeleting(null),
    });
  };
  return {
    deleting,
    ask: setDeleting,
    dialog: {
      open: deleting !== null,
      onOpenChange: (open: boolean) => !open && setDeleting(null),
      pending: remove.isPending,
      onConfirm: confirm,
    },
  };
}
