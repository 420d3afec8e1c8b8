import type { FormEvent } from "react";
import { useSearchParams } from "react-router";

/** The products table's search and page, and the moves between them. */
export function useProductListParams() {
  // The search and page live in the URL (?q=&page=), so a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const goTo = (next: { q?: string; page?: number }) => {
    const out = new URLSearchParams();
    const term = next.q ?? q;
    if (term) out.set("q", term);
    if ((next.page ?? 1) > 1) out.set("page", String(next.page));
    setParams(out);
  };
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    goTo({ q: String(new FormData(e.currentTarget).get("q") ?? "").trim(), page: 1 });
  };
  return { q, page, goTo, search };
}
