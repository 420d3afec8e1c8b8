import { z } from "zod";
import { normalizePhone } from "../rules/phone.js";

export const blockPhoneInput = z.object({
  phone: z
    .string({ message: "Phone number is required" })
    .trim()
    .max(30, "Phone number is too long")
    .refine((v) => normalizePhone(v).length >= 10, "Enter the phone number with at least 10 digits"),
  reason: z.string().trim().max(300, "The reason can be at most 300 characters").optional().default(""),
});
export type BlockPhoneInput = z.input<typeof blockPhoneInput>;

export const blockedPhone = z.object({ phone: z.string(), reason: z.string(), createdAt: z.string() });
export type BlockedPhone = z.infer<typeof blockedPhone>;
