import { z } from "zod";

/** Why a parcel's cash needs the owner's eye (CONTRACT.md, "Courier remittances"). */
export const FLAG_KINDS = ["unpaid", "short", "paid_not_delivered", "unknown", "duplicate"] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

export const FLAG_LABELS: Record<FlagKind, string> = {
  unpaid: "Unpaid after 15 days",
  short: "Short-paid",
  paid_not_delivered: "Paid, not delivered",
  unknown: "Unknown tracking number",
  duplicate: "Paid twice",
};

/** Days after delivery before an unpaid parcel is flagged. */
export const UNPAID_AFTER_DAYS = 15;
/** A payment short of the COD amount by more than this many rupees is flagged. */
export const SHORT_TOLERANCE = 1;
/** What one settlement sheet may hold. */
export const SHEET_MAX_BYTES = 20 * 1024 * 1024;
export const SHEET_MAX_ROWS = 50_000;

/** The sheet's columns the store reads; the first two are required. */
export const MAPPING_FIELDS = ["trackingNumber", "amount", "charges", "tax", "paidAt", "reference"] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export const MAPPING_LABELS: Record<MappingField, string> = {
  trackingNumber: "Tracking number",
  amount: "Amount paid",
  charges: "Courier charges",
  tax: "Tax withheld",
  paidAt: "Payment date",
  reference: "Payment reference",
};

const column = z.string().trim().max(200, "A column name can be at most 200 characters");
/** The sheet's column header chosen for each field. */
export const remittanceMapping = z.object({
  trackingNumber: column.min(1, "Choose the column that holds the tracking number"),
  amount: column.min(1, "Choose the column that holds the amount paid for each parcel"),
  charges: column.optional(),
  tax: column.optional(),
  paidAt: column.optional(),
  reference: column.optional(),
});
export type RemittanceMapping = z.infer<typeof remittanceMapping>;

export const courierName = z
  .string({ message: "Choose the courier that sent this sheet" })
  .trim()
  .min(1, "Choose the courier that sent this sheet")
  .max(60, "A courier's name can be at most 60 characters");

/** POST /api/admin/remittances/import answers. */
export const importResult = z.object({
  rows: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  duplicates: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

/** POST /api/admin/remittances/preview answers: the sheet's header, first rows, and the remembered mapping. */
export const sheetPreview = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  mapping: remittanceMapping.partial().nullable(),
});
export type SheetPreview = z.infer<typeof sheetPreview>;

/** `?courier=`: one courier's figures and flags (as the orders name it); empty or absent: all. */
export const remittanceQuery = z.object({
  courier: z
    .string()
    .trim()
    .max(60, "A courier's name can be at most 60 characters")
    .optional()
    .transform((v) => v || undefined),
});

export const aging = z.object({
  days0to7: z.number(),
  days8to15: z.number(),
  days16to30: z.number(),
  over30: z.number(),
});

export const courierRemittance = z.object({
  courier: z.string(),
  expected: z.number(),
  received: z.number(),
  charges: z.number(),
  tax: z.number(),
  outstanding: z.number(),
  parcels: z.number().int(),
  paidParcels: z.number().int(),
  /** Unpaid delivered parcels' COD by days since delivery. */
  aging,
  /** Parcels in each aging bucket. */
  agingParcels: aging,
});
export type CourierRemittance = z.infer<typeof courierRemittance>;

export const remittanceFlag = z.object({
  id: z.number().int(),
  courier: z.string(),
  orderId: z.string().nullable(),
  trackingNumber: z.string(),
  kind: z.enum(FLAG_KINDS),
  expected: z.number().nullable(),
  received: z.number().nullable(),
  resolved: z.boolean(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type RemittanceFlag = z.infer<typeof remittanceFlag>;

export const remittanceWeek = z.object({
  week: z.string(),
  expected: z.number(),
  received: z.number(),
});

/** GET /api/admin/remittances */
export const remittancesView = z.object({
  couriers: z.array(courierRemittance),
  flags: z.array(remittanceFlag),
  /** Open flags in all (the list shows at most FLAGS_SHOWN). */
  openFlags: z.number().int(),
  weeks: z.array(remittanceWeek),
});
export type RemittancesView = z.infer<typeof remittancesView>;
export const FLAGS_SHOWN = 200;

/** PATCH /api/admin/remittances/flags/{id} */
export const resolveFlagInput = z.object({
  resolved: z.literal(true, { message: "Send resolved: true to close the flag" }),
  note: z
    .string({ message: "Write a note saying how the flag was settled" })
    .trim()
    .min(1, "Write a note saying how the flag was settled")
    .max(500, "The note can be at most 500 characters"),
});

/** POST /api/admin/remittances/pull answers. */
export const pullResult = z.object({ asked: z.number().int(), paid: z.number().int() });
