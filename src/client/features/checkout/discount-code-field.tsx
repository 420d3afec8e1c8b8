import { useState } from "react";
import type { Quote } from "@shared/schemas/checkout.js";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";

/**
 * A discount code with its Apply button. What the code does (or why it does not apply) comes from
 * the server's quote and shows before the order is placed.
 */
export function DiscountCodeField({
  applied,
  outcome,
  checking,
  onApply,
}: {
  /** The code sent with the quote and the order, or null. */
  applied: string | null;
  outcome: Quote["discountCode"] | undefined;
  checking: boolean;
  onApply(code: string | null): void;
}) {
  const [text, setText] = useState(applied ?? "");
  const shown = applied && outcome && outcome.code.toLowerCase() === applied.toLowerCase() ? outcome : null;
  return (
    <form
      className="mt-4 border-t border-ink/10 pt-4"
      aria-label="Apply a discount code"
      onSubmit={(e) => {
        e.preventDefault();
        onApply(text.trim() || null);
      }}
    >
      <label htmlFor="discount-code" className="text-sm font-medium">
        Discount code
      </label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id="discount-code"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. EID10"
        />
        {applied && shown?.applied ? (
          <Button
            variant="outline"
            onClick={() => {
              setText("");
              onApply(null);
            }}
          >
            Remove
          </Button>
        ) : (
          <Button type="submit" variant="outline" disabled={checking || text.trim() === ""}>
            Apply
          </Button>
        )}
      </div>
      {applied && checking && !shown && <p className="mt-1.5 text-sm text-muted">Checking the code…</p>}
      {shown && (
        <p
          className={shown.applied ? "mt-1.5 text-sm text-emerald-700" : "mt-1.5 text-sm text-red-700"}
          role={shown.applied ? "status" : "alert"}
          data-testid="discount-code-message"
        >
          {shown.message}
        </p>
      )}
    </form>
  );
}
