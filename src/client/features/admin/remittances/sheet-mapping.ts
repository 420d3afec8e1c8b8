import {
  MAPPING_FIELDS,
  type MappingField,
  type RemittanceMapping,
  type SheetPreview,
} from "@shared/schemas/remittances.js";

/** Header words that usually name each field on couriers' sheets: a first guess the owner corrects. */
const GUESSES: Record<MappingField, RegExp> = {
  trackingNumber: /\b(cn|tracking|consignment|awb)\b/i,
  amount: /\b(net|cod|amount|paid|payable)\b/i,
  charges: /\b(charges?|fee|freight|shipping)\b/i,
  tax: /\b(tax|wht|gst)\b/i,
  paidAt: /\bdate\b/i,
  reference: /\b(cheque|cpr|ref|reference|invoice|slip)\b/i,
};

/** The columns remembered for this courier where the sheet still has them, else a guess from the headers. */
export function firstMapping(preview: SheetPreview): Partial<RemittanceMapping> {
  const has = (c: string | undefined) => !!c && preview.columns.some((h) => h.toLowerCase() === c.toLowerCase());
  const remembered = preview.mapping ?? {};
  const mapping: Partial<RemittanceMapping> = {};
  const taken = new Set<string>();
  for (const field of MAPPING_FIELDS) {
    const known = remembered[field];
    const column = has(known) ? known : preview.columns.find((h) => h && !taken.has(h) && GUESSES[field].test(h));
    if (column) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}
