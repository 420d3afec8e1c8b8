import { useEffect, useState } from "react";
import { ABANDONED_CHECKOUT_CONSENT } from "@shared/rules/winback.js";
import { isPakistaniMobile } from "@shared/rules/pakistani-mobile.js";
import { useDebounced } from "@client/lib/cart/quote-api";
import { useRemindersOn, useSaveCheckout } from "@client/lib/winback-api";

/**
 * The unticked box under the phone field (CONTRACT.md part four, "Abandoned checkouts"), shown
 * only when the owner switched reminders on. Ticked with a valid mobile number, the cart is kept
 * with the phone (again when the number changes).
 */
export function ReminderBox({ phone }: { phone: string }) {
  const on = useRemindersOn();
  const [ticked, setTicked] = useState(false);
  const typed = useDebounced(phone.trim(), 600);
  const save = useSaveCheckout();
  const { mutate } = save;
  useEffect(() => {
    if (ticked && isPakistaniMobile(typed)) mutate(typed);
  }, [ticked, typed, mutate]);
  if (!on) return null;
  return (
    <div className="sm:col-span-2">
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="remindOnWhatsapp"
          checked={ticked}
          onChange={(e) => setTicked(e.target.checked)}
          className="mt-1"
        />
        <span>{ABANDONED_CHECKOUT_CONSENT}</span>
      </label>
      {ticked && save.isSuccess && (
        <p role="status" className="mt-1 text-xs text-muted">
          We will remind you on WhatsApp if you don&apos;t finish. Reply STOP to end reminders.
        </p>
      )}
    </div>
  );
}
