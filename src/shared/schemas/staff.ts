import { z } from "zod";

export const staffRoles = ["owner", "agent"] as const;
export type StaffRole = (typeof staffRoles)[number];

const roleField = z.enum(staffRoles, { message: "Role must be owner or agent" });
const newPassword = z
  .string({ message: "Enter a password of at least 8 characters" })
  .min(8, "Enter a password of at least 8 characters")
  .max(200, "A password can be at most 200 characters");

export const staffSession = z.object({ username: z.string(), role: roleField });
export type StaffSession = z.infer<typeof staffSession>;

export const staffAccount = z.object({
  username: z.string(),
  role: roleField,
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

export const newStaffInput = z.object({
  username: z
    .string({ message: "Enter a username" })
    .trim()
    .min(2, "A username needs at least 2 characters")
    .max(60, "A username can be at most 60 characters")
    .regex(/^[a-zA-Z0-9._-]+$/, "Use letters, digits, dots, dashes or underscores in a username"),
  password: newPassword,
  role: roleField,
});
export type NewStaffInput = z.infer<typeof newStaffInput>;

export const staffChange = z
  .object({ role: roleField.optional(), password: newPassword.optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.password !== undefined || v.disabled !== undefined, {
    message: "Send a role, a password or disabled to change",
  });
export type StaffChange = z.infer<typeof staffChange>;

export const passwordChange = z.object({
  currentPassword: z.string({ message: "Enter your current password" }).min(1, "Enter your current password").max(200),
  newPassword,
});
export type PasswordChange = z.infer<typeof passwordChange>;

export const auditQuery = z.object({
  actor: z.string().trim().max(60).optional(),
  orderId: z.string().uuid("Enter a whole order id").optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  orderId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({ entries: z.array(auditEntry), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPage>;

export const noteInput = z.object({
  text: z
    .string({ message: "Write the note first" })
    .trim()
    .min(1, "Write the note first")
    .max(2000, "A note can be at most 2000 characters"),
});
export const orderNote = z.object({ id: z.number(), author: z.string(), text: z.string(), createdAt: z.string() });
export type OrderNote = z.infer<typeof orderNote>;
