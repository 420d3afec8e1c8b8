import { z } from "zod";
import { PAYMENT_METHODS } from "../rules/advance.js";

/** Where the shopper sends an advance (the `payment_accounts` setting). */
export const paymentAccount = z.object({
  method: z.enum(PAYMENT_METHODS),
  title: z.string(),
  account: z.string(),
});
export type PaymentAccountView = z.infer<typeof paymentAccount>;

/** POST /api/orders/{id}/payment-proof: the form's fields besides the `image` file. */
export const paymentProofFields = z.object({
  phone: z.string().trim().min(1, "Enter the phone number you ordered with").max(30),
  method: z.enum(PAYMENT_METHODS, { message: "Choose how you sent the money: bank, raast, easypaisa or jazzcash" }),
  reference: z
    .string()
    .trim()
    .min(1, "Enter the transaction ID or reference from your receipt")
    .max(80, "The reference is at most 80 characters"),
});

/** POST /api/orders/{id}/pay-link: the order's own phone, as for the proof. */
export const payLinkInput = z.object({
  phone: z.string().trim().min(1, "Enter the phone number you ordered with").max(30),
});

/** PATCH /api/admin/orders/{id}/advance. */
export const advanceDecisionInput = z.object({
  status: z.enum(["paid", "rejected"]),
  amount: z.number().int("Whole rupees").min(0).max(10_000_000).optional(),
  note: z.string().trim().max(300).optional(),
  /**
   * Owner only: mark the advance paid with less than is owed (the rest is the store's risk);
   * `reason` says why, and both go to the audit log.
   */
  override: z.boolean().optional(),
  reason: z.string().trim().max(300).optional(),
});
export type AdvanceDecisionInput = z.infer<typeof advanceDecisionInput>;

/** The answer of the payment-proof and advance calls: the order's advance as it now stands. */
export const advanceAnswer = z.object({
  advance: z.object({
    amount: z.string(),
    paid: z.string(),
    status: z.enum(["none", "due", "submitted", "paid", "rejected"]),
    method: z.string().nullable(),
    reference: z.string().nullable(),
    note: z.string().nullable(),
  }),
});
export type AdvanceAnswer = z.infer<typeof advanceAnswer>;

/** GET /api/admin/advances/overview: the overview's advances. */
export const advanceOverview = z.object({
  dueOrders: z.number().int(),
  dueAmount: z.number(),
  /** Of those, proofs waiting for an agent. */
  submitted: z.number().int(),
  receivedThisMonth: z.number(),
  waiting: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      customerName: z.string(),
      createdAt: z.string(),
      owed: z.number(),
      status: z.enum(["due", "submitted", "rejected"]),
    }),
  ),
});
export type AdvanceOverview = z.infer<typeof advanceOverview>;
