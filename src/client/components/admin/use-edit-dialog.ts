import { useState } from "react";

/**
 * A list's add-and-edit dialog (products, categories, discounts, attributes): whether it is open
 * and what it edits (null: a new one). Each opening is a new dialog (`key`), which makes its
 * draft from the item once, as it is made. The dialogs made it in an effect when opened, so
 * whatever was typed before that effect ran was replaced: React runs a click's effects before
 * the next event, but a renderer that runs them after the next frame (Preact) lost a fast hand's
 * (a test's) first keystrokes.
 */
export function useEditDialog<Item>() {
  const [state, setState] = useState<{ open: boolean; item: Item | null; opened: number }>({
    open: false,
    item: null,
    opened: 0,
  });
  return {
    /** Opens a new dialog for `item`, or for a new one. */
    edit: (item: Item | null) => setState((s) => ({ open: true, item, opened: s.opened + 1 })),
    key: state.opened,
    open: state.open,
    item: state.item,
    onOpenChange: (open: boolean) => setState((s) => ({ ...s, open })),
  };
}
