import { Pencil, Trash2 } from "lucide-react";
import { Button } from "@client/components/ui/button";

/** A table row's edit and delete buttons, each named after the row's item for screen readers. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil className="h-4 w-4" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} className="text-red-700" onClick={onDelete}>
        <Trash2 className="h-4 w-4" />
      </Button>
    </>
  );
}
