import { z } from "zod";
import { DISCOUNT_KINDS, type DiscountRule } from "../rules/discounts.js";

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const wholeRupees = (what: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ message: `${what} must be a whole number of rupees` })
      .int(`${what} must be a whole number of rupees`)
      .min(1, `${what} must be at least Rs. 1, or empty for none`)
      .max(10_000_000, `${what} is too large`)
      .nullable(),
  );

const limit = (what: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ message: `${what} must be a whole number` })
      .int(`${what} must be a whole number`)
      .min(1, `${what} must be at least 1, or empty for no limit`)
      .max(10_000_000, `${what} is too large`)
      .nullable(),
  );

const instant = (what: string) =>
  z.preprocess(
    blankToNull,
    z.iso
      .datetime({ offset: true, message: `${what} must be a date and time, like 2026-12-01T00:00:00+05:00` })
      .nullable(),
  );

/**
 * A discount as the owner sets it (POST, and PATCH merged onto the stored one): a code, or null for
 * an automatic sale. Each field's problem is answered with its own message.
 */
export const discountInput = z
  .object({
    code: z.preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{3,30}$/, "A code is 3 to 30 letters, digits, - or _ (no spaces)")
        .nullable(),
    ),
    kind: z.enum(DISCOUNT_KINDS, { message: "Kind must be percent, fixed or free_delivery" }),
    value: z.coerce.number({ message: "Value must be a number" }).default(0),
    minSubtotal: wholeRupees("The minimum order").optional().default(null),
    startsAt: instant("The start").optional().default(null),
    endsAt: instant("The end").optional().default(null),
    usageLimit: limit("The total uses").optional().default(null),
    perPhoneLimit: limit("The uses per phone number").optional().default(null),
    categories: z.array(z.string().trim().min(1).max(100)).max(100, "At most 100 collections").default([]),
    productIds: z
      .array(z.coerce.number().int().positive().max(2_147_483_647))
      .max(500, "At most 500 products")
      .default([]),
    active: z.boolean({ message: "active must be true or false" }).default(true),
  })
  .superRefine((d, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (d.kind === "percent" && !(Number.isInteger(d.value) && d.value >= 1 && d.value <= 100))
      problem("value", "A percentage must be a whole number from 1 to 100");
    if (d.kind === "fixed" && !(Number.isInteger(d.value) && d.value >= 1 && d.value <= 10_000_000))
      problem("value", "A fixed discount must be a whole number of rupees, at least Rs. 1");
    if (d.kind === "free_delivery" && d.code === null)
      problem("kind", "An automatic sale lowers prices: choose percent or fixed (free delivery needs a code)");
    if (d.startsAt && d.endsAt && new Date(d.endsAt) <= new Date(d.startsAt))
      problem("endsAt", "The end must be after the start");
  });
export type DiscountInput = z.input<typeof discountInput>;

/** A discount as the owner's list shows it, with what it brought. */
export interface AdminDiscount extends DiscountRule {
  /** Orders placed with it that were not cancelled (what `usageLimit` counts). */
  uses: number;
  /** Every order placed with it. */
  orders: number;
  /** Totals of its orders that were neither cancelled nor returned (Rs.). */
  revenue: number;
  /** Its orders that came back. */
  returned: number;
  /**
   * What it took off those orders (neither cancelled nor returned, Rs.): a code's discount, or
   * what a sale took off the regular prices of the lines it priced (decision 024).
   */
  amountOff: number;
}
