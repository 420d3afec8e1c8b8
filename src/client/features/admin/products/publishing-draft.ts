import type { ProductStatus } from "@shared/catalogue/handles.js";
import type { Product, ProductInput } from "@shared/schemas/products.js";

/** The product form's address, status and launch time as typed (decision 039). */
export interface PublishingDraft {
  /** Blank: the server makes one from the name. */
  handle: string;
  status: ProductStatus;
  /** A `datetime-local` value in the owner's own time zone; blank: no launch time. */
  publishAt: string;
}

export const emptyPublishing = (): PublishingDraft => ({ handle: "", status: "active", publishAt: "" });

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const publishingFromProduct = (p: Product): PublishingDraft => ({
  handle: p.handle,
  status: p.status,
  publishAt: p.publishAt ? toLocalInput(p.publishAt) : "",
});

/** The fields of productData these make: a launch time is sent as an instant (with its zone). */
export function publishingInput(draft: PublishingDraft): Pick<ProductInput, "handle" | "status" | "publishAt"> {
  const local = draft.publishAt.trim();
  return {
    handle: draft.handle.trim() || undefined,
    status: draft.status,
    publishAt: draft.status === "draft" && local ? new Date(local).toISOString() : null,
  };
}
