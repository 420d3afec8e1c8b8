import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminOrderDetail } from "@shared/schemas/orders.js";
import type { OrderNote } from "@shared/schemas/staff.js";
import { Button } from "@client/components/ui/button";
import { Textarea } from "@client/components/ui/input";
import { api } from "@client/lib/api";
import { toastError } from "@client/lib/admin/toast-error";
import { orderKeys } from "@client/lib/admin/orders-api";

/** Internal notes on an order: for staff only, never shown to the customer. */
export function OrderNotes({ order }: { order: AdminOrderDetail }) {
  const qc = useQueryClient();
  const [text, setText] = useState("");
  const add = useMutation({
    mutationFn: (note: string) =>
      api<OrderNote>(`/api/orders/${order.id}/notes`, { method: "POST", json: { text: note } }),
    onSuccess: () => {
      setText("");
      return qc.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
    },
    onError: (error) => toastError(error),
  });
  return (
    <section aria-label="Internal notes" className="rounded-xl border border-ink/10 p-4">
      <h3 className="font-medium">Internal notes</h3>
      <p className="text-xs text-muted">Only staff see these; the customer never does.</p>
      {order.notes.length > 0 && (
        <ul className="mt-2 space-y-2">
          {order.notes.map((note) => (
            <li key={note.id}>
              <p className="whitespace-pre-wrap">{note.text}</p>
              <p className="text-xs text-muted">
                {note.author} · {new Date(note.createdAt).toLocaleString("en-PK")}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3 space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) add.mutate(text);
        }}
      >
        <Textarea
          aria-label="New note"
          rows={2}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button size="sm" type="submit" disabled={add.isPending || !text.trim()}>
          Add note
        </Button>
      </form>
    </section>
  );
}
