import type { AdminDiscount, DiscountInput } from "@shared/schemas/discounts.js";

/** The dialog's fields as text, as the owner types them. */
export interface DiscountDraft {
  automatic: boolean;
  code: string;
  kind: "percent" | "fixed" | "free_delivery";
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perPhoneLimit: string;
  categories: string;
  productIds: string;
}

/** A datetime-local value (the browser's own time zone) from an instant, and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : null);

export function draftOf(d: AdminDiscount | null): DiscountDraft {
  return {
    automatic: d ? d.code === null : false,
    code: d?.code ?? "",
    kind: d?.kind ?? "percent",
    value: d ? String(d.value || "") : "",
    minSubtotal: d?.minSubtotal == null ? "" : String(d.minSubtotal),
    startsAt: toLocal(d?.startsAt ?? null),
    endsAt: toLocal(d?.endsAt ?? null),
    usageLimit: d?.usageLimit == null ? "" : String(d.usageLimit),
    perPhoneLimit: d?.perPhoneLimit == null ? "" : String(d.perPhoneLimit),
    categories: d?.categories.join(", ") ?? "",
    productIds: d?.productIds.join(", ") ?? "",
  };
}

const list = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The request body; the server checks every field and answers each problem by name. */
export function inputOf(draft: DiscountDraft): DiscountInput {
  return {
    code: draft.automatic ? null : draft.code.trim(),
    kind: draft.kind,
    value: draft.kind === "free_delivery" ? 0 : draft.value.trim() === "" ? Number.NaN : Number(draft.value),
    minSubtotal: draft.minSubtotal.trim() || null,
    startsAt: fromLocal(draft.startsAt),
    endsAt: fromLocal(draft.endsAt),
    usageLimit: draft.usageLimit.trim() || null,
    perPhoneLimit: draft.perPhoneLimit.trim() || null,
    categories: list(draft.categories),
    productIds: list(draft.productIds).map(Number),
  };
}
